	pmull	v21.1q, v6.1d, v17.1d
	ldp	q19, q20, [x28]
	pmull2	v6.1q, v6.2d, v16.2d
	ldp	q26, q27, [x28, #64]
	pmull	v18.1q, v7.1d, v17.1d
	pmull2	v7.1q, v7.2d, v16.2d
	pmull	v22.1q, v5.1d, v17.1d
	pmull2	v5.1q, v5.2d, v16.2d
	eor3	v6.16b, v21.16b, v6.16b, v20.16b
	ldp	q20, q21, [x28, #32]
	pmull	v23.1q, v4.1d, v17.1d
	eor3	v7.16b, v18.16b, v7.16b, v19.16b
	pmull2	v4.1q, v4.2d, v16.2d
	pmull	v24.1q, v2.1d, v17.1d
	eor3	v5.16b, v22.16b, v5.16b, v20.16b
	pmull2	v2.1q, v2.2d, v16.2d
	ldp	q20, q22, [x28, #96]
	pmull	v25.1q, v1.1d, v17.1d
	add	x28, x28, #128
	pmull2	v1.1q, v1.2d, v16.2d
	eor3	v4.16b, v23.16b, v4.16b, v21.16b
	cmp	x28, x8
	pmull	v18.1q, v0.1d, v17.1d
	pmull2	v0.1q, v0.2d, v16.2d
	eor3	v2.16b, v24.16b, v2.16b, v26.16b
	pmull	v19.1q, v3.1d, v17.1d
	pmull2	v3.1q, v3.2d, v16.2d
	eor3	v1.16b, v25.16b, v1.16b, v27.16b
	eor3	v0.16b, v18.16b, v0.16b, v20.16b
	eor3	v3.16b, v19.16b, v3.16b, v22.16b
	b.ne	.LBB38_23
