#!/usr/bin/env python3
# embed_headers.py - writes a C file holding headers as strings, for NVRTC,
# which compiles a student's kernel at run time with no include path: each
# header under its file name. usage: embed_headers.py OUT.c HEADER...
import os
import sys


def c_string(text):
    out = ['"']
    for ch in text:
        if ch == '\\':
            out.append('\\\\')
        elif ch == '"':
            out.append('\\"')
        elif ch == '\n':
            out.append('\\n"\n\t"')
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def main():
    out, headers = sys.argv[1], sys.argv[2:]
    lines = ['/* Made by embed_headers.py at build time: do not edit. */',
             'const int student_gpu_header_count = %d;' % len(headers),
             'const char *const student_gpu_header_names[] = {']
    lines += ['\t"%s",' % os.path.basename(h) for h in headers]
    lines += ['};', 'const char *const student_gpu_header_texts[] = {']
    for h in headers:
        with open(h, encoding='utf-8') as f:
            lines.append('\t' + c_string(f.read()) + ',')
    lines.append('};')
    with open(out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')


main()
