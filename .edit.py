import sys
def edit(p, pairs):
    s=open(p).read()
    for a,b in pairs:
        if a not in s: raise SystemExit(f"{p}: not found: {a[:100]}")
        s=s.replace(a,b,1)
    open(p,'w').write(s)
