#!/usr/bin/env python3
# kernel_files.py - reads the registry kernels/kernels.def and writes, for
# the build, what C's preprocessor cannot make from it: the #include lines
# of the kernel files (kernel_files.h) and their text as C arrays for the
# code panel (kernel_sources.c), with a depfile naming every kernel file.
# Depends on Python 3 only; run by kernels/meson.build.
import os
import re
import sys


def rows(text):
    """The (file, traceable) of each SCAN_KERNEL row, in order."""
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    found = []
    for args in re.findall(r'\bSCAN_KERNEL\(([^)]*)\)', text):
        fields = [f.strip() for f in args.split(',')]
        if len(fields) != 10 or not re.fullmatch(r'"[\w.]+"', fields[2]):
            sys.exit('kernels.def: a SCAN_KERNEL row needs 10 fields, the '
                     'third a file name in quotes: ' + ' '.join(fields))
        found.append((fields[2].strip('"'), fields[7] == 'true'))
    return found


def main():
    if len(sys.argv) != 5:
        sys.exit('usage: kernel_files.py KERNELS.DEF OUT.H OUT.C OUT.D')
    registry, out_h, out_c, out_d = sys.argv[1:]
    folder = os.path.dirname(os.path.abspath(registry))
    with open(registry, encoding='utf-8') as f:
        listed = rows(f.read())
    files, traced = [], set()
    for name, traceable in listed:
        if name not in files:
            files.append(name)
        if traceable:
            traced.add(name)

    head = '/* Written by kernels/kernel_files.py from kernels.def. */\n'
    with open(out_h, 'w', encoding='utf-8') as h:
        h.write(head)
        h.write('/* Every kernel file; those with no traceable kernel only '
                'where\n * SCAN_KERNEL_FILES_CUDA_ONLY is defined. */\n')
        for name in files:
            if name in traced:
                h.write('#include "%s"\n' % name)
        for name in files:
            if name not in traced:
                h.write('#ifdef SCAN_KERNEL_FILES_CUDA_ONLY\n'
                        '#include "%s"\n#endif\n' % name)

    shown = [name for name in files if name in traced]
    with open(out_c, 'w', encoding='utf-8') as c:
        c.write(head + '#include "kernel_sources.h"\n\n#include <string.h>\n\n')
        for i, name in enumerate(shown):
            path = os.path.join(folder, name)
            with open(path, 'rb') as f:
                data = f.read()
            c.write('static const char text_%d[] = {\n' % i)
            for at in range(0, len(data), 16):
                c.write('\t' + ', '.join('0x%02x' % b
                                         for b in data[at:at + 16]) + ',\n')
            c.write('\t0x00,\n};\n\n')
        c.write('static const struct {\n\tconst char *file, *text;\n'
                '} sources[] = {\n')
        for i, name in enumerate(shown):
            c.write('\t{"%s", text_%d},\n' % (name, i))
        c.write('};\n\n'
                'const char *kernel_source_text(const char *file)\n{\n'
                '\tfor (size_t i = 0; file && i < sizeof(sources) / '
                'sizeof(sources[0]); i++)\n'
                '\t\tif (strcmp(sources[i].file, file) == 0)\n'
                '\t\t\treturn sources[i].text;\n\treturn NULL;\n}\n\n'
                'const char *kernel_source_name(size_t i)\n{\n'
                '\treturn i < sizeof(sources) / sizeof(sources[0]) ? '
                'sources[i].file : NULL;\n}\n')

    with open(out_d, 'w', encoding='utf-8') as d:
        paths = [os.path.join(folder, name) for name in files]
        d.write('%s: %s\n' % (out_c, ' '.join([os.path.abspath(registry)] +
                                                paths)))


main()
