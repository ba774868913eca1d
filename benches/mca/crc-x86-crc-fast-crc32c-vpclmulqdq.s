.intel_syntax noprefix
vpclmullqlqdq zmm5,zmm1,zmm3
vpclmulhqhqdq zmm1,zmm1,zmm4
vpclmullqlqdq zmm6,zmm2,zmm3
vpclmulhqhqdq zmm2,zmm2,zmm4
vpclmullqlqdq zmm7,zmm0,zmm3
vpclmulhqhqdq zmm0,zmm0,zmm4
vpternlogq zmm1,zmm5,ZMMWORD PTR [rdi],0x96
vpternlogq zmm2,zmm6,ZMMWORD PTR [rdi+0x40],0x96
vpternlogq zmm0,zmm7,ZMMWORD PTR [rdi+0x80],0x96
vpclmullqlqdq zmm5,zmm1,zmm3
vpclmulhqhqdq zmm1,zmm1,zmm4
vpclmullqlqdq zmm6,zmm2,zmm3
vpclmulhqhqdq zmm2,zmm2,zmm4
vpclmullqlqdq zmm7,zmm0,zmm3
vpclmulhqhqdq zmm0,zmm0,zmm4
vpternlogq zmm1,zmm5,ZMMWORD PTR [rdi+0xc0],0x96
vpternlogq zmm2,zmm6,ZMMWORD PTR [rdi+0x100],0x96
vpternlogq zmm0,zmm7,ZMMWORD PTR [rdi+0x140],0x96
add    rdi,0x180
add    rsi,0xfffffffffffffe80
cmp    rsi,0x17f
