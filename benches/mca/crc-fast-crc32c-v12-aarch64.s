	pmull	v22.1q, v18.1d, v21.1d
	ldp	q23, q24, [x0]
	pmull	v25.1q, v17.1d, v21.1d
	ldp	q27, q28, [x0, #32]
	pmull	v26.1q, v16.1d, v21.1d
	ldp	q31, q8, [x0, #160]
	pmull2	v18.1q, v18.2d, v20.2d
	pmull2	v17.1q, v17.2d, v20.2d
	eor	v22.16b, v23.16b, v22.16b
	eor	v23.16b, v24.16b, v25.16b
	eor	v24.16b, v27.16b, v26.16b
	ldp	q25, q27, [x0, #64]
	pmull	v26.1q, v6.1d, v21.1d
	eor	v18.16b, v22.16b, v18.16b
	pmull2	v16.1q, v16.2d, v20.2d
	eor	v17.16b, v23.16b, v17.16b
	pmull	v29.1q, v7.1d, v21.1d
	pmull	v30.1q, v19.1d, v21.1d
	eor	v22.16b, v27.16b, v26.16b
	pmull	v23.1q, v5.1d, v21.1d
	eor	v16.16b, v24.16b, v16.16b
	pmull	v27.1q, v3.1d, v21.1d
	ldp	q24, q26, [x0, #96]
	eor	v28.16b, v28.16b, v29.16b
	eor	v25.16b, v25.16b, v30.16b
	pmull	v29.1q, v4.1d, v21.1d
	pmull	v30.1q, v1.1d, v21.1d
	eor	v23.16b, v24.16b, v23.16b
	eor	v26.16b, v26.16b, v27.16b
	ldp	q24, q27, [x0, #128]
	pmull2	v7.1q, v7.2d, v20.2d
	add	x0, x0, #0xc0
	pmull2	v19.1q, v19.2d, v20.2d
	cmp	x0, x10
	eor	v24.16b, v24.16b, v29.16b
	eor	v27.16b, v27.16b, v30.16b
	pmull	v29.1q, v2.1d, v21.1d
	pmull	v30.1q, v0.1d, v21.1d
	eor	v7.16b, v28.16b, v7.16b
	pmull2	v6.1q, v6.2d, v20.2d
	eor	v19.16b, v25.16b, v19.16b
	pmull2	v5.1q, v5.2d, v20.2d
	pmull2	v3.1q, v3.2d, v20.2d
	eor	v28.16b, v31.16b, v29.16b
	pmull2	v4.1q, v4.2d, v20.2d
	eor	v29.16b, v8.16b, v30.16b
	pmull2	v1.1q, v1.2d, v20.2d
	eor	v6.16b, v22.16b, v6.16b
	pmull2	v2.1q, v2.2d, v20.2d
	eor	v5.16b, v23.16b, v5.16b
	pmull2	v0.1q, v0.2d, v20.2d
	eor	v3.16b, v26.16b, v3.16b
	eor	v4.16b, v24.16b, v4.16b
	eor	v1.16b, v27.16b, v1.16b
	eor	v2.16b, v28.16b, v2.16b
	eor	v0.16b, v29.16b, v0.16b
	b.ls	.Lloop
