@camp_atomic_fetch_add(&a[i % 4], i);
camp_atomic_fetch_max(&a[0], i);
int old = camp_atomic_exchange(&a[15], i);
u[i] = (unsigned)old;
