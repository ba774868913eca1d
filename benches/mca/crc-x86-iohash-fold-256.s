.intel_syntax noprefix
vpclmullqlqdq ymm2,ymm1,ymm0
vpxor  ymm2,ymm2,YMMWORD PTR [rdi]
vpclmulhqhqdq ymm1,ymm1,ymm0
vpxor  ymm1,ymm2,ymm1
vpclmullqlqdq ymm2,ymm5,ymm0
vpclmulhqhqdq ymm3,ymm5,ymm0
vpxor  ymm2,ymm2,YMMWORD PTR [rdi+0x20]
vpxor  ymm5,ymm2,ymm3
vpclmullqlqdq ymm2,ymm6,ymm0
vpclmulhqhqdq ymm3,ymm6,ymm0
vpxor  ymm2,ymm2,YMMWORD PTR [rdi+0x40]
vpxor  ymm6,ymm2,ymm3
add    rax,0xffffffffffffff80
vpclmullqlqdq ymm2,ymm4,ymm0
vpxor  ymm2,ymm2,YMMWORD PTR [rdi+0x60]
vpclmulhqhqdq ymm3,ymm4,ymm0
sub    rdi,0xffffffffffffff80
vpxor  ymm4,ymm2,ymm3
cmp    rax,0x7f
