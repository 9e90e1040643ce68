/*
 * ieee1394_core.h - what the IEEE 1394 protocol drivers share.
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  The protocol
 * drivers (raw1394, video1394, dv1394) split major 171 into blocks of 16
 * minors and register their nodes in hpsb_protocol_class, which
 * ieee1394_core.c creates.
 */
#ifndef _IEEE1394_CORE_H
#define _IEEE1394_CORE_H

#define IEEE1394_MAJOR			171

#define IEEE1394_MINOR_BLOCK_RAW1394	0
#define IEEE1394_MINOR_BLOCK_VIDEO1394	1
#define IEEE1394_MINOR_BLOCK_DV1394	2

struct class;

struct hpsb_host {
	int id;			/* the host adapter's number */
	void *hostdata;		/* the adapter driver's state */
};

extern struct class *hpsb_protocol_class;

#endif /* _IEEE1394_CORE_H */
