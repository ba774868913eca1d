.intel_syntax noprefix
mov    rax,rdx
vpclmullqlqdq ymm6,ymm4,ymm0
vpclmulhqhqdq ymm4,ymm4,ymm5
vpxor  ymm6,ymm6,YMMWORD PTR [rdi]
vpxor  ymm4,ymm6,ymm4
vpclmullqlqdq ymm6,ymm3,ymm0
vpxor  ymm6,ymm6,YMMWORD PTR [rdi+0x20]
vpclmulhqhqdq ymm3,ymm3,ymm5
vpxor  ymm3,ymm6,ymm3
vpclmullqlqdq ymm6,ymm2,ymm0
vpclmulhqhqdq ymm2,ymm2,ymm5
vpxor  ymm6,ymm6,YMMWORD PTR [rdi+0x40]
vpxor  ymm2,ymm6,ymm2
vpclmullqlqdq ymm6,ymm1,ymm0
vpclmulhqhqdq ymm1,ymm1,ymm5
vpxor  ymm6,ymm6,YMMWORD PTR [rdi+0x60]
vpxor  ymm1,ymm6,ymm1
sub    rdi,0xffffffffffffff80
add    rdx,0xffffffffffffff80
add    rax,0xffffffffffffff00
cmp    rax,0x7f
