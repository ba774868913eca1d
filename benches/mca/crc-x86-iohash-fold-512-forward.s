.intel_syntax noprefix
vmovdqu64 zmm6,ZMMWORD PTR [r11]
vmovdqu64 zmm7,ZMMWORD PTR [r11+0x40]
vmovdqu64 zmm8,ZMMWORD PTR [r11+0x80]
vmovdqu64 zmm9,ZMMWORD PTR [r11+0xc0]
vgf2p8affineqb zmm6,zmm6,zmm0,0x0
vpclmullqlqdq zmm10,zmm3,zmm1
vpclmulhqhqdq zmm3,zmm3,zmm1
vpternlogq zmm3,zmm10,zmm6,0x96
vgf2p8affineqb zmm6,zmm7,zmm0,0x0
vpclmullqlqdq zmm7,zmm2,zmm1
vpclmulhqhqdq zmm2,zmm2,zmm1
vpternlogq zmm2,zmm7,zmm6,0x96
vgf2p8affineqb zmm6,zmm8,zmm0,0x0
vpclmullqlqdq zmm7,zmm4,zmm1
vpclmulhqhqdq zmm4,zmm4,zmm1
vpternlogq zmm4,zmm7,zmm6,0x96
add    r11,0x100
add    rcx,0xffffffffffffff00
vgf2p8affineqb zmm6,zmm9,zmm0,0x0
vpclmullqlqdq zmm7,zmm5,zmm1
vpclmulhqhqdq zmm5,zmm5,zmm1
vpternlogq zmm5,zmm7,zmm6,0x96
cmp    rcx,0xff
