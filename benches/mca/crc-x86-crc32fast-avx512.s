.intel_syntax noprefix
mov    rcx,rax
vpclmullqlqdq zmm6,zmm5,zmm0
vpclmulhqhqdq zmm5,zmm5,zmm4
vpternlogq zmm5,zmm6,ZMMWORD PTR [rsi],0x96
vpclmullqlqdq zmm6,zmm3,zmm0
vpclmulhqhqdq zmm3,zmm3,zmm4
vpternlogq zmm3,zmm6,ZMMWORD PTR [rsi+0x40],0x96
vpclmullqlqdq zmm6,zmm2,zmm0
vpclmulhqhqdq zmm2,zmm2,zmm4
vpternlogq zmm2,zmm6,ZMMWORD PTR [rsi+0x80],0x96
vpclmullqlqdq zmm6,zmm1,zmm0
vpclmulhqhqdq zmm1,zmm1,zmm4
vpternlogq zmm1,zmm6,ZMMWORD PTR [rsi+0xc0],0x96
add    rsi,0x100
add    rax,0xffffffffffffff00
add    rcx,0xfffffffffffffe00
cmp    rcx,0xff
