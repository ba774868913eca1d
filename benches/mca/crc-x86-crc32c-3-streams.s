.intel_syntax noprefix
cmp    r9,r13
cmp    rdi,r13
crc32  rdx,QWORD PTR [rcx+r13*8]
crc32  rbx,QWORD PTR [r15+r13*8]
crc32  rax,QWORD PTR [r12+r13*8]
inc    r13
cmp    r10,r13
