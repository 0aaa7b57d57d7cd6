@float4 v = {f[i], 1.0f, 2.0f, s};
v.xy = v.yx * 2.0f;
f[i] = v.x + v.w;
