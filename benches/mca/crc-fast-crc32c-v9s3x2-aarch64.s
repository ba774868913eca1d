	pmull	v19.1q, v16.1d, v18.1d
	ldp	q26, q28, [x9]
	pmull2	v16.1q, v16.2d, v17.2d
	ldp	x17, x3, [x12]
	pmull	v20.1q, v7.1d, v18.1d
	add	x18, x12, x14
	pmull2	v7.1q, v7.2d, v17.2d
	ldp	x2, x18, [x18]
	pmull	v21.1q, v2.1d, v18.1d
	pmull2	v2.1q, v2.2d, v17.2d
	eor3	v16.16b, v16.16b, v19.16b, v26.16b
	pmull	v22.1q, v1.1d, v18.1d
	pmull2	v1.1q, v1.2d, v17.2d
	eor3	v7.16b, v7.16b, v20.16b, v28.16b
	ldr	q28, [x9, #128]
	ldp	q19, q20, [x9, #32]
	crc32cx	w17, w0, x17
	add	x0, x12, x15
	add	x12, x12, #0x10
	pmull	v23.1q, v5.1d, v18.1d
	cmp	x12, x16
	pmull2	v5.1q, v5.2d, v17.2d
	eor3	v2.16b, v2.16b, v21.16b, v19.16b
	eor3	v1.16b, v1.16b, v22.16b, v20.16b
	pmull	v24.1q, v6.1d, v18.1d
	ldp	q19, q20, [x9, #64]
	pmull2	v6.1q, v6.2d, v17.2d
	ldp	q21, q22, [x9, #96]
	pmull	v25.1q, v4.1d, v18.1d
	add	x9, x9, #0x90
	pmull2	v4.1q, v4.2d, v17.2d
	eor3	v5.16b, v5.16b, v23.16b, v19.16b
	pmull	v27.1q, v3.1d, v18.1d
	pmull2	v3.1q, v3.2d, v17.2d
	eor3	v6.16b, v6.16b, v24.16b, v20.16b
	pmull	v26.1q, v0.1d, v18.1d
	pmull2	v0.1q, v0.2d, v17.2d
	eor3	v4.16b, v4.16b, v25.16b, v21.16b
	crc32cx	w13, w13, x2
	ldp	x2, x4, [x0]
	eor3	v3.16b, v3.16b, v27.16b, v22.16b
	crc32cx	w0, w17, x3
	crc32cx	w11, w11, x2
	eor3	v0.16b, v0.16b, v26.16b, v28.16b
	crc32cx	w13, w13, x18
	crc32cx	w11, w11, x4
	b.ls	.Lloop
