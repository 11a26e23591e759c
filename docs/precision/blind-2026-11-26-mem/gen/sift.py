rows=[]
def r(f,l,k,sp,ac,ex,bs,eb,pat,sw,v,why): rows.append("\t".join(map(str,[f,l,k,sp,ac,ex,bs,eb,pat,sw,v,why])))
F="cudaSiftD.cu"
k="ScaleDown"; B="68x1 (SCALEDOWN_W+4)"
r(F,107,k,"shared","store","yRead[tx]",B,4,"unit-stride","1-way","silent","tx<20, consecutive ints")
r(F,108,k,"shared","store","yWrite[tx]",B,4,"unit-stride","1-way","silent","tx<20, consecutive ints")
blocks=[(118,121,123,0,"tx4",["tx2","tx0","tx4","tx1","tx3"]),
        (128,131,133,1,"tx0",["tx3","tx1","tx0","tx2","tx4"]),
        (138,141,143,2,"tx1",["tx4","tx2","tx1","tx3","tx0"]),
        (148,151,153,3,"tx2",["tx0","tx3","tx2","tx4","tx1"]),
        (158,161,163,4,"tx3",["tx1","tx4","tx3","tx0","tx2"])]
for lin,lb,lr,o,bst,bl in blocks:
    r(F,lin,k,"global","load",f"d_Data[yRead[dy+{o}] + xRead]",B,4,"unit-stride","4/4","silent","xRead = xStart+tx-2 (clamped), row offset uniform")
    r(F,lin,k,"shared","load",f"yRead[dy+{o}]",B,4,"broadcast","1-way","silent","dy uniform loop counter")
    r(F,lin,k,"shared","store","inrow[tx]",B,4,"unit-stride","1-way","silent","consecutive floats")
    r(F,lb,k,"shared","store",f"brow[{bst}]",B,4,"unit-stride","1-way","silent","tx + const*32, consecutive floats")
    for e in ("inrow[2*tx]","inrow[2*tx+4]","inrow[2*tx+1]","inrow[2*tx+3]","inrow[2*tx+2]"):
        r(F,lb,k,"shared","load",e,B,4,"stride-2","2-way","report","lanes tx and tx+16 (tx<32 active) hit the same bank at words 2 apart by 32")
    r(F,lr,k,"global","store",f"d_Result[yWrite[dy+{o}] + xWrite]",B,4,"unit-stride","4/4","silent","xWrite = xStart/2 + tx")
    r(F,lr,k,"shared","load",f"yWrite[dy+{o}]",B,4,"broadcast","1-way","silent","dy uniform")
    for t in bl:
        r(F,lr,k,"shared","load",f"brow[{t}]",B,4,"unit-stride","1-way","silent","tx + const*32, consecutive floats")
k="ScaleUp"; B="32x4 (SCALEUP_W/2, SCALEUP_H/2)"
for l,e in ((181,"d_Data[yu*pitch + xl]"),(182,"d_Data[yu*pitch + xr]"),(183,"d_Data[yd*pitch + xl]"),(184,"d_Data[yd*pitch + xr]")):
    r(F,l,k,"global","load",e,B,4,"unit-stride","4/4","silent","xl = bx*32+tx (xr = xl+1 clamped), warp = one row ty")
for l,e in ((185,"d_Result[(y + 0)*newpitch + x + 0]"),(186,"d_Result[(y + 0)*newpitch + x + 1]"),(187,"d_Result[(y + 1)*newpitch + x + 0]"),(188,"d_Result[(y + 1)*newpitch + x + 1]")):
    r(F,l,k,"global","store",e,B,4,"stride-2","8/4","report","x = bx*64 + 2*tx: lanes 8 B apart, 256 B per warp row")
k="RescalePositions"; B="64"
for l,m in ((757,"xpos"),(758,"ypos"),(759,"scale")):
    r(F,l,k,"global","load",f"d_sift[num].{m}",B,4,"stride-144","32/4","report","one float of a 576-byte SiftPoint per lane: lanes 576 B apart")
    r(F,l,k,"global","store",f"d_sift[num].{m}",B,4,"stride-144","32/4","report","one float of a 576-byte SiftPoint per lane: lanes 576 B apart")
k="LaplaceMultiMem"; B="136x1 (LAPLACE_W+2*LAPLACE_R)"
r(F,1763,k,"global","load","data[max(0, min(yp + i - LAPLACE_R, height - 1))*pitch]",B,4,"unit-stride","4/4","silent","data = d_Image + clamp(xp-4): consecutive x, row uniform")
r(F,1773,k,"shared","store","buf[tx]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1779,k,"shared","load","buff[tx + LAPLACE_R]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1782,k,"shared","load","buff[tx + LAPLACE_R - j]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1782,k,"shared","load","buff[tx + LAPLACE_R + j]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1785,k,"shared","load","buf[tx + LAPLACE_R]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1788,k,"shared","load","buf[tx + LAPLACE_R - j]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1788,k,"shared","load","buf[tx + LAPLACE_R + j]",B,4,"unit-stride","1-way","silent","consecutive floats")
r(F,1789,k,"global","store","d_Result[(scale-1)*height*pitch + yp*pitch + xp]",B,4,"unit-stride","4/4","silent","xp = bx*128+tx consecutive")
k="LowPassBlock"; B="32x4 (LOWPASS_W+2*LOWPASS_R, 4)"
W="warp = one row ty (blockDim.x = 32), row index uniform, tx consecutive"
r(F,2000,k,"global","load","d_Image[yl*pitch + xl]",B,4,"unit-stride","4/4","silent","xl = clamp(xp-4), consecutive")
r(F,2006,k,"shared","store","xrows[ly + 8][tx]",B,4,"unit-stride","1-way","silent",W)
r(F,2013,k,"global","load","d_Image[yl*pitch + xl]",B,4,"unit-stride","4/4","silent","xl = clamp(xp-4), consecutive")
r(F,2019,k,"shared","store","xrows[(ly + 8)%N][tx]",B,4,"unit-stride","1-way","silent",W)
for base in (2022,2032):
    r(F,base,k,"global","store","d_Result[ys*pitch + xp]",B,4,"unit-stride","4/4","silent","xp = bx*24+tx consecutive")
    r(F,base,k,"shared","load","xrows[(ly + 0)%N][tx]",B,4,"unit-stride","1-way","silent",W)
    for i in (1,2,3,4):
        r(F,base+i,k,"shared","load",f"xrows[(ly - {i})%N][tx]",B,4,"unit-stride","1-way","silent",W)
        r(F,base+i,k,"shared","load",f"xrows[(ly + {i})%N][tx]",B,4,"unit-stride","1-way","silent",W)
H="file\tline\tkernel\tspace\taccess\texpression\tblock_shape\telem_bytes\tpattern\tsectors_or_ways\tverdict\twhy"
open("/work/wt-blind-mem-2/docs/precision/blind-2026-11-26-mem/labels-cudasift.tsv","w").write(H+"\n"+"\n".join(rows)+"\n# kernels read: 5, device functions read: 1\n")
print(len(rows), sum('\treport\t' in x for x in rows))
