	pmull	v18.1q, v7.1d, v0.1d
	add	x24, x6, x22
	ldr	x26, [x23, #640]
	pmull2	v7.1q, v7.2d, v1.2d
	ldr	q20, [x24, #5184]
	ldr	q24, [x24, #5216]
	pmull	v21.1q, v6.1d, v0.1d
	ldr	q23, [x24, #5200]
	adds	x22, x22, #0x100
	pmull2	v6.1q, v6.2d, v1.2d
	pmull	v19.1q, v16.1d, v0.1d
	pmull2	v16.1q, v16.2d, v1.2d
	eor3	v7.16b, v18.16b, v7.16b, v20.16b
	ldr	q18, [x24, #5232]
	pmull	v22.1q, v17.1d, v0.1d
	ldr	q20, [x24, #5248]
	pmull2	v17.1q, v17.2d, v1.2d
	eor3	v6.16b, v21.16b, v6.16b, v24.16b
	ldr	q24, [x24, #5280]
	crc32cx	w20, w20, x26
	ldr	x26, [x23, #1920]
	eor3	v16.16b, v19.16b, v16.16b, v23.16b
	ldr	q23, [x24, #5264]
	pmull	v21.1q, v6.1d, v0.1d
	eor3	v17.16b, v22.16b, v17.16b, v18.16b
	pmull	v18.1q, v7.1d, v0.1d
	pmull2	v7.1q, v7.2d, v1.2d
	pmull2	v6.1q, v6.2d, v1.2d
	pmull	v19.1q, v16.1d, v0.1d
	pmull2	v16.1q, v16.2d, v1.2d
	pmull	v22.1q, v17.1d, v0.1d
	eor3	v7.16b, v18.16b, v7.16b, v20.16b
	ldr	q18, [x24, #5296]
	pmull2	v17.1q, v17.2d, v1.2d
	eor3	v6.16b, v21.16b, v6.16b, v24.16b
	ldr	q20, [x24, #5312]
	ldr	q24, [x24, #5360]
	eor3	v16.16b, v19.16b, v16.16b, v23.16b
	ldr	q23, [x24, #5344]
	pmull	v21.1q, v6.1d, v0.1d
	eor3	v17.16b, v22.16b, v17.16b, v18.16b
	ldr	q22, [x24, #5328]
	pmull	v18.1q, v7.1d, v0.1d
	pmull2	v7.1q, v7.2d, v1.2d
	pmull2	v6.1q, v6.2d, v1.2d
	pmull	v19.1q, v16.1d, v0.1d
	pmull2	v16.1q, v16.2d, v1.2d
	eor3	v7.16b, v18.16b, v7.16b, v20.16b
	ldr	q18, [x24, #5376]
	eor3	v6.16b, v21.16b, v6.16b, v23.16b
	ldr	q23, [x24, #5392]
	pmull	v20.1q, v17.1d, v0.1d
	eor3	v16.16b, v19.16b, v16.16b, v22.16b
	pmull	v19.1q, v7.1d, v0.1d
	pmull2	v7.1q, v7.2d, v1.2d
	pmull	v22.1q, v6.1d, v0.1d
	pmull2	v6.1q, v6.2d, v1.2d
	pmull2	v17.1q, v17.2d, v1.2d
	eor3	v7.16b, v19.16b, v7.16b, v18.16b
	ldr	q18, [x24, #5408]
	crc32cx	w7, w7, x26
	ldr	x26, [x23, #1288]
	eor3	v6.16b, v22.16b, v6.16b, v18.16b
	ldr	q18, [x24, #5424]
	ldp	x25, x24, [x23]
	eor3	v17.16b, v20.16b, v17.16b, v24.16b
	pmull	v21.1q, v16.1d, v0.1d
	pmull2	v16.1q, v16.2d, v1.2d
	crc32cx	w21, w21, x25
	ldr	x25, [x23, #1280]
	pmull	v19.1q, v17.1d, v0.1d
	crc32cx	w19, w19, x25
	ldr	x25, [x23, #648]
	crc32cx	w21, w21, x24
	ldr	x24, [x23, #1928]
	eor3	v16.16b, v21.16b, v16.16b, v23.16b
	crc32cx	w20, w20, x25
	crc32cx	w7, w7, x24
	ldr	x24, [x23, #656]
	crc32cx	w19, w19, x26
	ldp	x25, x26, [x23, #16]
	crc32cx	w20, w20, x24
	ldr	x24, [x23, #1296]
	pmull2	v17.1q, v17.2d, v1.2d
	crc32cx	w19, w19, x24
	ldr	x24, [x23, #1936]
	crc32cx	w21, w21, x25
	ldr	x25, [x23, #1304]
	crc32cx	w7, w7, x24
	ldr	x24, [x23, #664]
	eor3	v17.16b, v19.16b, v17.16b, v18.16b
	crc32cx	w20, w20, x24
	ldr	x24, [x23, #1944]
	add	x23, x23, #0x20
	crc32cx	w21, w21, x26
	crc32cx	w19, w19, x25
	crc32cx	w7, w7, x24
	b.ne	.Lloop
