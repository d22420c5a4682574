#!/bin/sh
# Renders the hero background video (original abstract animation) and its poster. Run from this folder.
# field f(x,y,t), periodic in t with period 10s -> seamless loop. Contour lines over a navy gradient.
F='(sin(X/W*6.2832*1.3+T*0.6283)+sin(Y/H*6.2832*0.9-T*0.6283)+sin((X/W+Y/H)*6.2832*0.7+T*1.2566)*0.8)'
L="lte(abs(mod(($F)*3+12,1)-0.5),0.045)"
G="(0.35+0.65*X/W)"
ffmpeg -y -hide_banner -loglevel error -f lavfi -i "nullsrc=s=960x540:r=24:d=10" \
 -vf "geq=r='10+12*$G+28*$L':g='26+22*$G+40*$L':b='48+46*$G+60*$L',gblur=sigma=0.6" \
 -c:v libx264 -pix_fmt yuv420p -crf 30 -preset slow -movflags +faststart -an hero.mp4
ffmpeg -y -hide_banner -loglevel error -ss 2 -i hero.mp4 -frames:v 1 -q:v 4 poster.jpg
