.intel_syntax noprefix
vpclmullqlqdq ymm8,ymm13,ymm0
vpxor  ymm8,ymm8,YMMWORD PTR [r11]
vpclmulhqhqdq ymm13,ymm13,ymm0
vpclmullqlqdq ymm9,ymm14,ymm0
vpxor  ymm9,ymm9,YMMWORD PTR [r11-0x20]
vpxor  ymm13,ymm8,ymm13
vpclmulhqhqdq ymm8,ymm14,ymm0
vpxor  ymm14,ymm9,ymm8
vpclmullqlqdq ymm8,ymm12,ymm0
vpxor  ymm8,ymm8,YMMWORD PTR [r11-0x40]
vpclmulhqhqdq ymm9,ymm12,ymm0
vpxor  ymm12,ymm8,ymm9
vpclmullqlqdq ymm8,ymm15,ymm0
vpxor  ymm8,ymm8,YMMWORD PTR [r11-0x60]
vpclmulhqhqdq ymm15,ymm15,ymm0
crc32  rax,QWORD PTR [rbp+rdi*1-0x28]
crc32  rax,QWORD PTR [rbp+rdi*1-0x20]
crc32  rax,QWORD PTR [rbp+rdi*1-0x18]
crc32  rax,QWORD PTR [rbp+rdi*1-0x10]
crc32  rax,QWORD PTR [rbp+rdi*1-0x8]
crc32  r9,QWORD PTR [rbp+rdi*1-0xc28]
crc32  r9,QWORD PTR [rbp+rdi*1-0xc20]
crc32  r9,QWORD PTR [rbp+rdi*1-0xc18]
crc32  r9,QWORD PTR [rbp+rdi*1-0xc10]
crc32  r9,QWORD PTR [rbp+rdi*1-0xc08]
crc32  rdx,QWORD PTR [rbp+rdi*1-0x628]
crc32  rdx,QWORD PTR [rbp+rdi*1-0x620]
crc32  rdx,QWORD PTR [rbp+rdi*1-0x618]
crc32  rdx,QWORD PTR [rbp+rdi*1-0x610]
crc32  rdx,QWORD PTR [rbp+rdi*1-0x608]
crc32  rdx,QWORD PTR [rbp+rdi*1-0x600]
crc32  r9,QWORD PTR [rbp+rdi*1-0xc00]
crc32  rax,QWORD PTR [rbp+rdi*1+0x0]
vpxor  ymm15,ymm8,ymm15
add    rdi,0x30
sub    r11,0xffffffffffffff80
cmp    rdi,0x2228
