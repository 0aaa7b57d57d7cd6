@float g = (float)a[i] / 3.0f;
int k = (int)g;
unsigned char c = (unsigned char)(k * 40);
short h = (short)(c << 7);
d[i] = (double)h + (double)g;
u[i] = (unsigned)(g < 0 ? -g : g);
