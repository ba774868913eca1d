.intel_syntax noprefix
vpclmullqlqdq xmm6,xmm3,xmm4
vpclmulhqhqdq xmm3,xmm3,xmm5
vpclmullqlqdq xmm7,xmm0,xmm4
vpclmulhqhqdq xmm0,xmm0,xmm5
vpclmullqlqdq xmm8,xmm1,xmm4
vpclmulhqhqdq xmm1,xmm1,xmm5
vpclmullqlqdq xmm9,xmm2,xmm4
vpclmulhqhqdq xmm2,xmm2,xmm5
vpternlogq xmm3,xmm6,XMMWORD PTR [rdx-0x30],0x96
vpternlogq xmm0,xmm7,XMMWORD PTR [rdx-0x20],0x96
vpternlogq xmm1,xmm8,XMMWORD PTR [rdx-0x10],0x96
vpternlogq xmm2,xmm9,XMMWORD PTR [rdx],0x96
crc32  r12,QWORD PTR [r14+r13*1]
crc32  rbp,QWORD PTR [r14+rcx*1]
crc32  rbx,QWORD PTR [r14+rax*1]
crc32  r12,QWORD PTR [r14+r13*1+0x8]
crc32  rbp,QWORD PTR [r14+rcx*1+0x8]
crc32  rbx,QWORD PTR [r14+rax*1+0x8]
crc32  r12,QWORD PTR [r14+r13*1+0x10]
crc32  rbp,QWORD PTR [r14+rcx*1+0x10]
mov    rsi,r15
crc32  rbx,QWORD PTR [r14+rax*1+0x10]
add    r15,0xffffffffffffff78
add    rsi,0xfffffffffffffef0
add    r14,0x18
add    rdx,0x40
cmp    rsi,0x8f
