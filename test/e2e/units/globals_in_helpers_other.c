/* The other unit of globals_in_helpers.c: a global table its helpers read. */
int other_unit_offsets[8] = {0, 10, 20, 30, 40, 50, 60, 70};
