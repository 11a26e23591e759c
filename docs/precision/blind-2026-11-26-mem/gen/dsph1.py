rows=[]
def r(f,l,k,sp,ac,ex,bs,eb,pat,sw,v,why): rows.append("\t".join(map(str,[f,l,k,sp,ac,ex,bs,eb,pat,sw,v,why])))
F="src/source/JReduSum_ker.cu"; B="256"
def warp(k,arr,eb,base):
    for i,o in enumerate([32,16,8,4,2,1]):
        l=base+i
        r(F,l,k,"shared","load",f"{arr}[tid]",B,eb,"unit-stride","1-way","silent","tid<32, consecutive elements" + (" (8-byte: per half-warp)" if eb==8 else ""))
        r(F,l,k,"shared","load",f"{arr}[tid+{o}]",B,eb,"unit-stride","1-way","silent",f"lanes read consecutive elements offset by {o}")
        r(F,l,k,"shared","store",f"{arr}[tid]",B,eb,"unit-stride","1-way","silent","consecutive elements")
def kern(k,arr,eb,base):
    r(F,base,k,"global","load","dat[c+ini]",B,eb,"unit-stride",f"{eb}/{eb}","silent","c = blockIdx.x*blockDim.x+tid, consecutive")
    r(F,base,k,"shared","store",f"{arr}[tid]",B,eb,"unit-stride","1-way","silent","consecutive elements")
    for l,o in ((base+3,128),(base+4,64)):
        r(F,l,k,"shared","load",f"{arr}[tid]",B,eb,"unit-stride","1-way","silent","consecutive elements")
        r(F,l,k,"shared","load",f"{arr}[tid+{o}]",B,eb,"unit-stride","1-way","silent","consecutive elements")
        r(F,l,k,"shared","store",f"{arr}[tid]",B,eb,"unit-stride","1-way","silent","consecutive elements")
    r(F,base+6,k,"shared","load",f"{arr}[0]",B,eb,"broadcast","1-way","silent","one thread (tid==0)")
    r(F,base+6,k,"global","store","res[blockIdx.x]",B,eb,"broadcast",f"1/{eb}","silent","one thread per block")
warp("KerReduSumDoubleWarp<256>","sddat",8,44)
kern("KerReduSumDouble<256>","sddat",8,67)
warp("KerReduSumFloatWarp<256>","sfdat",4,226)
kern("KerReduSumFloat<256>","sfdat",4,249)
warp("KerReduSumUintWarp<256>","sudat",4,404)
kern("KerReduSumUint<256>","sudat",4,427)
k="KerReduSumFloat3<256>"
r(F,591,k,"global","load","dat[c+ini]",B,12,"unit-stride","12/12","silent","whole float3 per lane, consecutive structs")
for l,a in ((592,"sfdatx"),(593,"sfdaty"),(594,"sfdatz")):
    r(F,l,k,"shared","store",f"{a}[tid]",B,4,"unit-stride","1-way","silent","consecutive floats")
for l,o in ((597,128),(598,64)):
    for a in ("sfdatx","sfdaty","sfdatz"):
        r(F,l,k,"shared","load",f"{a}[tid]",B,4,"unit-stride","1-way","silent","consecutive floats")
        r(F,l,k,"shared","load",f"{a}[tid+{o}]",B,4,"unit-stride","1-way","silent","consecutive floats")
        r(F,l,k,"shared","store",f"{a}[tid]",B,4,"unit-stride","1-way","silent","consecutive floats")
for a in ("sfdatx","sfdaty","sfdatz"):
    r(F,600,k,"shared","load",f"{a}[0]",B,4,"broadcast","1-way","silent","one thread")
r(F,600,k,"global","store","res[blockIdx.x]",B,12,"broadcast","1/12","silent","one thread per block")
F="src/source/JSphGpuSimple_ker.cu"; B="256"
def u(l,k,ac,ex,eb,why="p = blockIdx.x*blockDim.x+threadIdx.x, consecutive elements"):
    r(F,l,k,"global",ac,ex,B,eb,"unit-stride",f"{max(1,eb*32//32)}/{max(1,eb*32//32)}","silent",why)
def m4(l,k,ex,arr="float4"):
    r(F,l,k,"global","load",ex,B,4,"stride-4","16/4","report",f"one 4-byte member of a 16-byte {arr} per lane p: lanes 16 B apart")
def dd(l,k,ac,ex,eb,why):
    r(F,l,k,"global",ac,ex,B,eb,"data-dependent","?","silent",why)
k="KerUpdatePosCell"
u(46,k,"load","posxy[p]",16); u(49,k,"load","posz[p]",8); u(57,k,"store","poscell[p]",16)
u(80,"KerInitAceGravity","store","ace[p]",12)
r(F,107,"KerResety","global","store","v[p+ini].y",B,4,"stride-3","12/4","report","member .y of a 12-byte float3 per lane: lanes 12 B apart, 384 B span")
k="KerComputeStepVerlet<floating,shift,inout> (8 launched)"
u(142,k,"load","boundmode[p]",1); u(142,k,"load","velrho2[p]",16); u(142,k,"store","velrhonew[p]",16)
m4(144,k,"velrho2[p].w"); u(144,k,"load","ar[p]",4); u(146,k,"store","velrhonew[p]",16)
u(150,k,"load","code[p]",2); u(152,k,"load","velrho2[p]",16)
r(F,153,k,"global","load","velrho2[p].w",B,4,"stride-4","16/4","report","member .w of float4 per lane p (the whole float4 is also read on line 152)")
u(153,k,"load","ar[p]",4); u(154,k,"load","velrho1[p]",16); u(157,k,"load","ace[p]",12)
u(165,k,"load","shiftposfs[p]",16,"consecutive float4 (shift=true instantiations only)")
for l,ex in ((178,"nopenshift[p].w"),(179,"nopenshift[p].x"),(180,"nopenshift[p].x"),(183,"nopenshift[p].y"),(184,"nopenshift[p].y"),(187,"nopenshift[p].z"),(188,"nopenshift[p].z")):
    m4(l,k,ex)
dd(197,k,"load","indirvel[CODE_GetIzoneFluidInout(rcode)]",12,"zone index from per-particle code (inout=true only)")
u(211,k,"store","movxy[p]",16); u(212,k,"store","movz[p]",8); u(214,k,"store","code[p]",2); u(216,k,"store","velrhonew[p]",16)
u(219,k,"load","boundmode[p]",1); u(221,k,"store","velrhonew[p]",16)
k="KerComputeStepSymplecticPre<floating,shift,inout> (8 launched)"
u(275,k,"load","velrhopre[p]",16); u(276,k,"load","boundmode[p]",1); u(277,k,"load","ar[p]",4); u(280,k,"store","velrho[p]",16)
u(283,k,"load","code[p]",2); u(285,k,"load","velrhopre[p]",16); u(287,k,"load","ar[p]",4)
u(304,k,"load","shiftposfs[p]",16,"consecutive float4 (shift=true only)"); u(311,k,"load","ace[p]",12)
dd(326,k,"load","indirvel[CODE_GetIzoneFluidInout(rcode)]",12,"zone index from per-particle code (inout=true only)")
u(335,k,"store","movxy[p]",16); u(336,k,"store","movz[p]",8); u(338,k,"store","code[p]",2)
u(342,k,"load","boundmode[p]",1); u(346,k,"store","velrho[p]",16)
k="KerComputeStepSymplecticCor<floating,shift,shiftadv,inout> (16 launched)"
u(406,k,"load","boundmode[p]",1); u(407,k,"load","ar[p]",4); m4(407,k,"velrho[p].w"); m4(408,k,"velrhopre[p].w")
u(410,k,"store","velrho[p]",16); u(412,k,"load","velrhopre[p]",16); u(412,k,"store","velrho[p]",16)
u(415,k,"load","code[p]",2); u(417,k,"load","ar[p]",4); m4(417,k,"velrho[p].w"); u(418,k,"load","velrhopre[p]",16)
u(431,k,"load","ace[p]",12); u(436,k,"load","velrho[p]",16)
for l,ex in ((448,"nopenshift[p].w"),(449,"nopenshift[p].x"),(450,"nopenshift[p].x"),(453,"nopenshift[p].y"),(454,"nopenshift[p].y"),(457,"nopenshift[p].z"),(458,"nopenshift[p].z")):
    m4(l,k,ex)
u(464,k,"load","shiftposfs[p]",16,"consecutive float4 (shift=true only)"); u(470,k,"load","shiftvel[p]",16,"consecutive float4 (shiftadv=true only)")
dd(480,k,"load","indirvel[CODE_GetIzoneFluidInout(rcode)]",12,"zone index from per-particle code (inout=true only)")
u(494,k,"store","movxy[p]",16); u(495,k,"store","movz[p]",8); u(497,k,"load","code[p]",2); u(498,k,"store","code[p]",2)
u(502,k,"load","boundmode[p]",1); u(506,k,"store","velrho[p]",16)
k="KerCopyMotionVelFlexStruc"
u(565,k,"load","flexstrucridp[p]",4)
W="p1 = flexstrucridp[p], an index loaded per lane"
dd(566,k,"load","code[p1]",2,W); dd(567,k,"load","motionvel[p1]",12,W); dd(568,k,"load","velrhop[p1].w",4,W); dd(568,k,"store","velrhop[p1]",16,W)
for k,base,vn,vr,extra in (("KerComputeStepFlexStrucSemiImplicitEuler",596,"velrhop","velrhopnew",[(607,"load","velrhopnew[p1].w",4),(613,"store","movxy[p1]",16),(614,"store","movz[p1]",8),(615,"store","velrhopnew[p1]",16)]),
                            ("KerComputeStepFlexStrucSymplecticPre",646,"velrhoppre","velrhop",[(659,"load","velrhop[p1].w",4),(661,"store","movxy[p1]",16),(662,"store","movz[p1]",8),(663,"store","velrhop[p1]",16)]),
                            ("KerComputeStepFlexStrucSymplecticCor",694,"velrhoppre","velrhop",[(703,"load","velrhop[p1].w",4),(709,"store","movxy[p1]",16),(710,"store","movz[p1]",8),(711,"store","velrhop[p1]",16)])):
    u(base,k,"load","flexstrucridp[p]",4)
    dd(base+1,k,"load","code[p1]",2,W); dd(base+2,k,"load",vn+"[p1]",16,W); dd(base+3,k,"load","ace[p1]",12,W)
    for l,ac,ex,eb in extra: dd(l,k,ac,ex,eb,W)
F="src/source/JRelaxZone_ker.cu"; B="256"
U="p1 = p+pini, consecutive across lanes"
def m2(l,k,ex):
    r(F,l,k,"global","load",ex,B,8,"stride-2","16/8","report","member .x of a 16-byte double2 per lane p1: lanes 16 B apart")
r(F,45,"KerIsNormalFluid","global","load","code[p]",B,2,"unit-stride","2/2","silent","called with p1 = p+pini (consecutive)")
k="KerSetFluidVelUniform"
u(67,k,"load","idp[p1]",4,U); u(68,k,"load","posxy[p1]",16,U); u(69,k,"load","posz[p1]",8,U); u(78,k,"load","velrhop[p1]",16,U); u(82,k,"store","velrhop[p1]",16,U)
k="KerSetFluidVel<order2,subdrift> (4 launched)"
u(158,k,"load","idp[p1]",4,U); m2(159,k,"posxy[p1].x"); u(167,k,"load","posz[p1]",8,U); u(170,k,"load","velrhop[p1]",16,U); u(173,k,"store","velrhop[p1]",16,U)
k="KerCalcVelxzSpectrum"
for l,ex in ((219,"wavekl[c]"),(220,"wavefang[c]"),(221,"waveamp[c]"),(222,"wavephase[c]")):
    r(F,l,k,"global","load",ex,B,8,"broadcast","1/8","silent","loop counter c uniform across lanes")
k="KerSetFluidVelSpectrumSub<subdriftmode> (3 launched)"
u(264,k,"load","idp[p1]",4,U); m2(265,k,"posxy[p1].x"); u(273,k,"load","posz[p1]",8,U); u(280,k,"load","velrhop[p1]",16,U); u(283,k,"store","velrhop[p1]",16,U)
k="KerCalcVelocityExternalXZ<usevelz>"
D="grid cell index computed from the particle position (per-lane data)"
for l,a,b in ((356,"p001","p000"),(357,"p101","p100"),(358,"p011","p010"),(359,"p111","p110")):
    dd(l,k,"load",f"velx[{a}]",8,D); dd(l,k,"load",f"velx[{b}]",8,D)
for l,a,b in ((365,"p001","p000"),(366,"p101","p100"),(367,"p011","p010"),(368,"p111","p110")):
    dd(l,k,"load",f"velz[{a}]",8,D+" (usevelz=true only)"); dd(l,k,"load",f"velz[{b}]",8,D+" (usevelz=true only)")
k="KerSetFluidVelExternal<usevelz,subdriftmode> (6 launched)"
u(393,k,"load","idp[p1]",4,U); u(394,k,"load","posxy[p1]",16,U); u(403,k,"load","posz[p1]",8,U); u(406,k,"load","velrhop[p1]",16,U); u(409,k,"store","velrhop[p1]",16,U)
k="KerReduSumUintWarp<256> (curelaxzone)"
for i,o in enumerate([32,16,8,4,2,1]):
    l=455+i
    r(F,l,k,"shared","load","sddat[tid]",B,4,"unit-stride","1-way","silent","tid<32, consecutive words")
    r(F,l,k,"shared","load",f"sddat[tid+{o}]",B,4,"unit-stride","1-way","silent","consecutive words")
    r(F,l,k,"shared","store","sddat[tid]",B,4,"unit-stride","1-way","silent","consecutive words")
k="KerComputeDrift<256>"
r(F,474,k,"shared","store","shcount[tid]",B,4,"unit-stride","1-way","silent","consecutive words")
m2(478,k,"posxy[p1].x")
r(F,480,k,"shared","store","shcount[tid]",B,4,"unit-stride","1-way","silent","consecutive words")
for l,o in ((485,128),(486,64)):
    r(F,l,k,"shared","load","shcount[tid]",B,4,"unit-stride","1-way","silent","consecutive words")
    r(F,l,k,"shared","load",f"shcount[tid+{o}]",B,4,"unit-stride","1-way","silent","consecutive words")
    r(F,l,k,"shared","store","shcount[tid]",B,4,"unit-stride","1-way","silent","consecutive words")
r(F,488,k,"shared","load","shcount[0]",B,4,"broadcast","1-way","silent","one thread")
r(F,488,k,"global","store","res[blockIdx.x]",B,4,"broadcast","1/4","silent","one thread per block")
H="file\tline\tkernel\tspace\taccess\texpression\tblock_shape\telem_bytes\tpattern\tsectors_or_ways\tverdict\twhy"
open("/work/wt-blind-mem-2/docs/precision/blind-2026-11-26-mem/labels-dsph.tsv","w").write(H+"\n"+"\n".join(rows)+"\n# kernels read: 19, device functions read: 11\n")
print(len(rows), sum('\treport\t' in x for x in rows))
