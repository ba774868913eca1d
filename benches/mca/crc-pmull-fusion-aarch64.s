	ldp	x24, x26, [x19]
	ldr	x25, [x19, #960]
	pmull	v10.1q, v17.1d, v0.1d
	pmull2	v17.1q, v17.2d, v1.2d
	crc32x	w21, w21, x24
	ldr	x24, [x19, #1920]
	crc32x	w23, w23, x25
	ldr	x25, [x19, #2880]
	crc32x	w22, w22, x24
	add	x24, x6, x7
	add	x7, x7, #0x100
	ldp	q9, q8, [x24, #64]
	cmp	x7, #0xf00
	ldp	q31, q30, [x24, #96]
	crc32x	w20, w20, x25
	ldr	x25, [x19, #968]
	eor	v9.16b, v10.16b, v9.16b
	ldp	q29, q28, [x24, #128]
	pmull	v10.1q, v16.1d, v0.1d
	ldp	q27, q26, [x24, #160]
	pmull2	v16.1q, v16.2d, v1.2d
	ldp	q25, q24, [x24, #192]
	eor	v17.16b, v9.16b, v17.16b
	ldp	q22, q23, [x24, #224]
	pmull	v9.1q, v7.1d, v0.1d
	ldp	q21, q18, [x24, #256]
	eor	v8.16b, v10.16b, v8.16b
	ldp	q19, q20, [x24, #288]
	pmull	v10.1q, v6.1d, v0.1d
	ldr	x24, [x19, #2904]
	pmull2	v7.1q, v7.2d, v1.2d
	pmull2	v6.1q, v6.2d, v1.2d
	eor	v31.16b, v9.16b, v31.16b
	eor	v16.16b, v8.16b, v16.16b
	pmull	v9.1q, v17.1d, v0.1d
	eor	v30.16b, v10.16b, v30.16b
	eor	v7.16b, v31.16b, v7.16b
	crc32x	w21, w21, x26
	ldr	x26, [x19, #1928]
	eor	v6.16b, v30.16b, v6.16b
	eor	v29.16b, v9.16b, v29.16b
	crc32x	w23, w23, x25
	ldr	x25, [x19, #2888]
	pmull2	v17.1q, v17.2d, v1.2d
	pmull	v30.1q, v16.1d, v0.1d
	crc32x	w22, w22, x26
	crc32x	w20, w20, x25
	ldp	x26, x25, [x19, #16]
	pmull	v31.1q, v7.1d, v0.1d
	eor	v17.16b, v29.16b, v17.16b
	pmull	v8.1q, v6.1d, v0.1d
	eor	v28.16b, v30.16b, v28.16b
	pmull2	v16.1q, v16.2d, v1.2d
	crc32x	w21, w21, x26
	ldr	x26, [x19, #976]
	pmull2	v7.1q, v7.2d, v1.2d
	eor	v27.16b, v31.16b, v27.16b
	pmull2	v6.1q, v6.2d, v1.2d
	eor	v26.16b, v8.16b, v26.16b
	crc32x	w23, w23, x26
	ldr	x26, [x19, #1936]
	eor	v16.16b, v28.16b, v16.16b
	pmull	v29.1q, v17.1d, v0.1d
	crc32x	w22, w22, x26
	ldr	x26, [x19, #2896]
	eor	v7.16b, v27.16b, v7.16b
	eor	v6.16b, v26.16b, v6.16b
	crc32x	w20, w20, x26
	ldr	x26, [x19, #984]
	pmull2	v17.1q, v17.2d, v1.2d
	eor	v25.16b, v29.16b, v25.16b
	pmull	v26.1q, v16.1d, v0.1d
	crc32x	w21, w21, x25
	ldr	x25, [x19, #1944]
	pmull	v27.1q, v7.1d, v0.1d
	pmull	v28.1q, v6.1d, v0.1d
	eor	v17.16b, v25.16b, v17.16b
	crc32x	w23, w23, x26
	eor	v24.16b, v26.16b, v24.16b
	crc32x	w20, w20, x24
	ldr	x24, [x19, #992]
	crc32x	w22, w22, x25
	ldp	x25, x26, [x19, #32]
	pmull2	v16.1q, v16.2d, v1.2d
	eor	v22.16b, v27.16b, v22.16b
	eor	v23.16b, v28.16b, v23.16b
	crc32x	w23, w23, x24
	ldr	x24, [x19, #1952]
	pmull2	v7.1q, v7.2d, v1.2d
	pmull2	v6.1q, v6.2d, v1.2d
	crc32x	w21, w21, x25
	ldr	x25, [x19, #2912]
	eor	v16.16b, v24.16b, v16.16b
	crc32x	w22, w22, x24
	ldr	x24, [x19, #1000]
	pmull	v24.1q, v17.1d, v0.1d
	eor	v7.16b, v22.16b, v7.16b
	crc32x	w20, w20, x25
	ldr	x25, [x19, #2920]
	eor	v6.16b, v23.16b, v6.16b
	crc32x	w23, w23, x24
	ldr	x24, [x19, #1960]
	crc32x	w25, w20, x25
	crc32x	w22, w22, x24
	ldp	x24, x20, [x19, #48]
	crc32x	w21, w21, x26
	eor	v21.16b, v24.16b, v21.16b
	ldr	x26, [x19, #1968]
	pmull	v22.1q, v16.1d, v0.1d
	pmull	v23.1q, v7.1d, v0.1d
	pmull	v24.1q, v6.1d, v0.1d
	crc32x	w21, w21, x24
	ldr	x24, [x19, #1008]
	pmull2	v17.1q, v17.2d, v1.2d
	eor	v18.16b, v22.16b, v18.16b
	pmull2	v16.1q, v16.2d, v1.2d
	eor	v19.16b, v23.16b, v19.16b
	pmull2	v7.1q, v7.2d, v1.2d
	eor	v20.16b, v24.16b, v20.16b
	pmull2	v6.1q, v6.2d, v1.2d
	crc32x	w23, w23, x24
	ldr	x24, [x19, #2928]
	eor	v17.16b, v21.16b, v17.16b
	crc32x	w21, w21, x20
	ldr	x20, [x19, #1016]
	eor	v16.16b, v18.16b, v16.16b
	crc32x	w22, w22, x26
	eor	v7.16b, v19.16b, v7.16b
	crc32x	w24, w25, x24
	ldr	x25, [x19, #1976]
	eor	v6.16b, v20.16b, v6.16b
	crc32x	w23, w23, x20
	ldr	x20, [x19, #2936]
	add	x19, x19, #0x40
	crc32x	w22, w22, x25
	crc32x	w20, w24, x20
	b.ne	.Lloop
