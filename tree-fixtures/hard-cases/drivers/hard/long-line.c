/*
 * Hard case: a call on a line of more than 2000 characters.
 *
 * Generated-looking code: one local array initializer on a single line,
 * with an old-form call in the middle of it, past column 1000.  The call
 * must be found (its column counted in bytes) and converted; the line
 * was already past 80 columns, so it is not wrapped.
 */
#include <linux/device.h>

static struct class *long_class;
static int long_pad[160];

void *long_slots(int i);

void *long_slots(int i)
{
	void *slots[] = { &long_pad[0], &long_pad[1], &long_pad[2], &long_pad[3], &long_pad[4], &long_pad[5], &long_pad[6], &long_pad[7], &long_pad[8], &long_pad[9], &long_pad[10], &long_pad[11], &long_pad[12], &long_pad[13], &long_pad[14], &long_pad[15], &long_pad[16], &long_pad[17], &long_pad[18], &long_pad[19], &long_pad[20], &long_pad[21], &long_pad[22], &long_pad[23], &long_pad[24], &long_pad[25], &long_pad[26], &long_pad[27], &long_pad[28], &long_pad[29], &long_pad[30], &long_pad[31], &long_pad[32], &long_pad[33], &long_pad[34], &long_pad[35], &long_pad[36], &long_pad[37], &long_pad[38], &long_pad[39], &long_pad[40], &long_pad[41], &long_pad[42], &long_pad[43], &long_pad[44], &long_pad[45], &long_pad[46], &long_pad[47], &long_pad[48], &long_pad[49], &long_pad[50], &long_pad[51], &long_pad[52], &long_pad[53], &long_pad[54], &long_pad[55], &long_pad[56], &long_pad[57], &long_pad[58], &long_pad[59], &long_pad[60], &long_pad[61], &long_pad[62], &long_pad[63], &long_pad[64], &long_pad[65], &long_pad[66], &long_pad[67], &long_pad[68], &long_pad[69], &long_pad[70], &long_pad[71], &long_pad[72], &long_pad[73], &long_pad[74], &long_pad[75], &long_pad[76], &long_pad[77], &long_pad[78], &long_pad[79], class_device_create(long_class, MKDEV(7, 1), NULL, "long%d", 1), &long_pad[80], &long_pad[81], &long_pad[82], &long_pad[83], &long_pad[84], &long_pad[85], &long_pad[86], &long_pad[87], &long_pad[88], &long_pad[89], &long_pad[90], &long_pad[91], &long_pad[92], &long_pad[93], &long_pad[94], &long_pad[95], &long_pad[96], &long_pad[97], &long_pad[98], &long_pad[99], &long_pad[100], &long_pad[101], &long_pad[102], &long_pad[103], &long_pad[104], &long_pad[105], &long_pad[106], &long_pad[107], &long_pad[108], &long_pad[109], &long_pad[110], &long_pad[111], &long_pad[112], &long_pad[113], &long_pad[114], &long_pad[115], &long_pad[116], &long_pad[117], &long_pad[118], &long_pad[119], &long_pad[120], &long_pad[121], &long_pad[122], &long_pad[123], &long_pad[124], &long_pad[125], &long_pad[126], &long_pad[127], &long_pad[128], &long_pad[129], &long_pad[130], &long_pad[131], &long_pad[132], &long_pad[133], &long_pad[134], &long_pad[135], &long_pad[136], &long_pad[137], &long_pad[138], &long_pad[139], &long_pad[140], &long_pad[141], &long_pad[142], &long_pad[143], &long_pad[144], &long_pad[145], &long_pad[146], &long_pad[147], &long_pad[148], &long_pad[149], &long_pad[150], &long_pad[151], &long_pad[152], &long_pad[153], &long_pad[154], &long_pad[155], &long_pad[156], &long_pad[157], &long_pad[158], &long_pad[159] };

	return slots[i];
}
