	pmull	v18.1q, v0.1d, v17.1d
	ldp	q19, q20, [x10]
	pmull	v21.1q, v16.1d, v17.1d
	ldp	q24, q25, [x10, #32]
	pmull	v22.1q, v4.1d, v17.1d
	sub	x8, x8, #128
	add	x9, x10, #128
	pmull	v23.1q, v6.1d, v17.1d
	cmp	x8, #127
	pmull	v26.1q, v5.1d, v17.1d
	eor	v18.16b, v18.16b, v19.16b
	eor	v19.16b, v21.16b, v20.16b
	eor	v20.16b, v22.16b, v24.16b
	ldp	q22, q24, [x10, #64]
	eor	v21.16b, v23.16b, v25.16b
	pmull	v23.1q, v3.1d, v17.1d
	eor	v22.16b, v26.16b, v22.16b
	pmull	v25.1q, v2.1d, v17.1d
	pmull	v26.1q, v1.1d, v17.1d
	eor	v23.16b, v23.16b, v24.16b
	ldp	q24, q27, [x10, #96]
	pmull2	v0.1q, v0.2d, v7.2d
	mov	x10, x9
	pmull2	v16.1q, v16.2d, v7.2d
	pmull2	v4.1q, v4.2d, v7.2d
	eor	v24.16b, v25.16b, v24.16b
	eor	v25.16b, v26.16b, v27.16b
	pmull2	v6.1q, v6.2d, v7.2d
	pmull2	v5.1q, v5.2d, v7.2d
	eor	v0.16b, v18.16b, v0.16b
	pmull2	v3.1q, v3.2d, v7.2d
	eor	v16.16b, v19.16b, v16.16b
	pmull2	v2.1q, v2.2d, v7.2d
	eor	v4.16b, v20.16b, v4.16b
	pmull2	v1.1q, v1.2d, v7.2d
	eor	v6.16b, v21.16b, v6.16b
	eor	v5.16b, v22.16b, v5.16b
	eor	v3.16b, v23.16b, v3.16b
	eor	v2.16b, v24.16b, v2.16b
	eor	v1.16b, v25.16b, v1.16b
	b.hi	.LBB79_2
