.intel_syntax noprefix
vpclmullqlqdq zmm5,zmm4,zmm0
vpclmulhqhqdq zmm4,zmm4,zmm0
vpternlogq zmm4,zmm5,ZMMWORD PTR [rdi],0x96
vpclmullqlqdq zmm5,zmm3,zmm0
vpclmulhqhqdq zmm3,zmm3,zmm0
vpternlogq zmm3,zmm5,ZMMWORD PTR [rdi+0x40],0x96
vpclmullqlqdq zmm5,zmm1,zmm0
vpclmulhqhqdq zmm1,zmm1,zmm0
vpternlogq zmm1,zmm5,ZMMWORD PTR [rdi+0x80],0x96
add    rax,0xffffffffffffff00
vpclmullqlqdq zmm5,zmm2,zmm0
vpclmulhqhqdq zmm2,zmm2,zmm0
vpternlogq zmm2,zmm5,ZMMWORD PTR [rdi+0xc0],0x96
add    rdi,0x100
cmp    rax,0xff
