.intel_syntax noprefix
vpclmullqlqdq zmm5,zmm4,zmm3
vpclmulhqhqdq zmm4,zmm4,zmm3
vpternlogq zmm4,zmm5,ZMMWORD PTR [r11],0x96
vpclmullqlqdq zmm5,zmm0,zmm3
vpclmulhqhqdq zmm0,zmm0,zmm3
vpternlogq zmm0,zmm5,ZMMWORD PTR [r11+0x40],0x96
vpclmullqlqdq zmm5,zmm2,zmm3
vpclmulhqhqdq zmm2,zmm2,zmm3
vpternlogq zmm2,zmm5,ZMMWORD PTR [r11+0x80],0x96
add    r10,0xffffffffffffff00
vpclmullqlqdq zmm5,zmm1,zmm3
vpclmulhqhqdq zmm1,zmm1,zmm3
vpternlogq zmm1,zmm5,ZMMWORD PTR [r11+0xc0],0x96
add    r11,0x100
cmp    r10,0xff
