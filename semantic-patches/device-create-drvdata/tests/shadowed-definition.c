/* A file defining its own device_create(): its calls stay. */
#define NODE_TABLE_SIZE	4

struct node_table {
	const char *name[NODE_TABLE_SIZE];
	unsigned int used;
};

static struct node_table nodes;

static int device_create(struct node_table *t, void *unused, unsigned int slot,
			 const char *name)
{
	if (slot >= NODE_TABLE_SIZE)
		return -1;
	t->name[slot] = name;
	t->used++;
	return 0;
}

int node_table_setup(void)
{
	if (device_create(&nodes, NULL, 0, "first"))
		return -1;
	return device_create(&nodes, NULL, MKDEV(1, 2), "second");
}
