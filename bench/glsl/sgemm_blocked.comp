// sgemm_blocked: C = A x B, n x n floats, register-blocked: each workgroup
// of 16 x 16 threads computes a 128 x 128 block of C, each thread 8 x 8 of
// it in registers; per step of 8 along k, a 128 x 8 slice of A (stored
// transposed) and an 8 x 128 slice of B are staged in shared memory,
// double-buffered: each thread loads its vec4 of the next slices while the
// workgroup computes on the current ones, then stores them into the other
// buffer; one barrier per step. Thread (ty, tx) owns rows ty*4.. and
// 64+ty*4.. and the same columns with tx. n must be a multiple of 128.
#version 460
#extension GL_EXT_buffer_reference : require

#define BLOCK 128
#define BK 8
#define SIDE 16
layout(local_size_x = SIDE, local_size_y = SIDE) in;

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Vec4s { vec4 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) writeonly buffer OutVec4s { vec4 v[]; };

layout(push_constant) uniform Args {
    Vec4s a;
    Vec4s b;
    OutVec4s c;
    uint n;
};

// as[s][k][r]: A's rows 4r..4r+3 at column k of the step (33: the
// transposing stores fall into different banks); bs[s][k][q]: B's row k of
// the step, columns 4q..4q+3.
shared vec4 as[2][BK][BLOCK / 4 + 1];
shared vec4 bs[2][BK][BLOCK / 4];

void main() {
    uint ty = gl_LocalInvocationID.y, tx = gl_LocalInvocationID.x, id = ty * SIDE + tx;
    uint row0 = gl_WorkGroupID.y * BLOCK, col0 = gl_WorkGroupID.x * BLOCK, n4 = n / 4;
    // This thread's share of each step's slices, in vec4s.
    uint a_row = id / 2, a_col = id % 2 * 4, b_row = id / 32, b_q = id % 32;
    uint a_next = (row0 + a_row) * n4 + a_col / 4, b_next = b_row * n4 + col0 / 4 + b_q;

    vec4 a_load = a.v[a_next], b_load = b.v[b_next];
    for (uint i = 0; i < 4; i++) as[0][a_col + i][a_row / 4][a_row % 4] = a_load[i];
    bs[0][b_row][b_q] = b_load;
    barrier();

    float acc[8][8];
    for (uint i = 0; i < 8; i++)
        for (uint j = 0; j < 8; j++) acc[i][j] = 0.0;
    for (uint k0 = 0; k0 < n; k0 += BK) {
        uint s = k0 / BK % 2;
        bool more = k0 + BK < n;
        if (more) {
            a_load = a.v[a_next + (k0 + BK) / 4];
            b_load = b.v[b_next + (k0 + BK) * n4];
        }
        for (uint k = 0; k < BK; k++) {
            vec4 a_lo = as[s][k][ty], a_hi = as[s][k][SIDE + ty];
            vec4 b_lo = bs[s][k][tx], b_hi = bs[s][k][SIDE + tx];
            for (uint i = 0; i < 4; i++)
                for (uint j = 0; j < 4; j++) {
                    acc[i][j] += a_lo[i] * b_lo[j];
                    acc[i][4 + j] += a_lo[i] * b_hi[j];
                    acc[4 + i][j] += a_hi[i] * b_lo[j];
                    acc[4 + i][4 + j] += a_hi[i] * b_hi[j];
                }
        }
        if (more) {
            for (uint i = 0; i < 4; i++) as[1 - s][a_col + i][a_row / 4][a_row % 4] = a_load[i];
            bs[1 - s][b_row][b_q] = b_load;
        }
        barrier();
    }

    for (uint i = 0; i < 8; i++) {
        uint row = row0 + (i < 4 ? ty * 4 + i : BLOCK / 2 + ty * 4 + i - 4);
        c.v[row * n4 + col0 / 4 + tx] = vec4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        c.v[row * n4 + (col0 + BLOCK / 2) / 4 + tx] = vec4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
    }
}
