#!/usr/bin/env python3
"""spirv_to_c.py IN.spv OUT.h NAME: a SPIR-V module as a C array of its
32-bit words (`static const uint32_t NAME[]`), for libcamp's own kernels."""
import struct
import sys


def main():
    source, header, name = sys.argv[1:4]
    data = open(source, 'rb').read()
    if len(data) % 4 or len(data) < 20 or struct.unpack_from('<I', data)[0] != 0x07230203:
        sys.exit(f'spirv_to_c.py: {source} is not a little-endian SPIR-V module')
    words = struct.unpack(f'<{len(data) // 4}I', data)
    lines = [', '.join(f'0x{w:08x}u' for w in words[i:i + 6]) for i in range(0, len(words), 6)]
    with open(header, 'w') as out:
        out.write(f'/* Generated from {source.split("/")[-1]} by spirv_to_c.py: do not edit. */\n')
        out.write('#include <stdint.h>\n\n')
        out.write(f'static const uint32_t {name}[] = {{\n    ' + ',\n    '.join(lines) + ',\n};\n')


if __name__ == '__main__':
    main()
