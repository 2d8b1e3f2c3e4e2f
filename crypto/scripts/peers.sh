#!/usr/bin/env bash
# Measures fastio/crypto against its command-line peers on this machine, by
# hand (not part of `go test`): `openssl speed -evp` for 1 MiB messages and
# `sha256sum` and `openssl dgst` on a 1 GiB file. Needs the Debian packages openssl and
# coreutils. Each side is run several times, alternating, and the best run
# of each is kept, which is the steadiest figure on a shared machine.
#
# Usage: scripts/peers.sh [file-size-MiB]   (from the crypto folder)
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-1024}
file=${TMPDIR:-/tmp}/fastio-crypto-peers-${mib}MiB.bin
if [[ ! -f $file ]]; then
	head -c $((mib << 20)) /dev/urandom >"$file"
fi
cat "$file" >/dev/null # into the page cache

best() { sort -g | head -1; }

echo "== 1 MiB messages: openssl speed -evp (best of 3, MB/s) vs Go (FASTIO_AB figures)"
for alg in sha1 sha256 sha512; do
	for _ in 1 2 3; do
		openssl speed -evp "$alg" -bytes 1048576 -seconds 1 2>/dev/null | tail -1 | awk '{sub("k","",$2); print $2/1000}'
	done | sort -g | tail -1 | xargs printf "openssl %-7s %8.0f MB/s\n" "$alg"
done
GOWORK=off go test -count=1 -run '^$' -bench ABFigures -benchtime 1x -v . | grep -E '1048576|lines'

echo "== SHA-512, 1 MiB, CPU time: openssl speed and each of our block functions, alternating (3 rounds)"
for _ in 1 2 3; do
	openssl speed -evp sha512 -bytes 1048576 -seconds 1 2>/dev/null | tail -1 | awk '{sub("k","",$2); printf "openssl sha512 %8.0f MB/s\n", $2/1000}'
	GOWORK=off go test -count=1 -run '^$' -bench ImplAB -benchtime 1x -v . | grep -E 'SHA-512 +1048576'
done

echo "== ${mib} MiB file, page cache warm: CPU seconds (user+system) of sha256sum, openssl dgst and SumFile, alternating (median of 5)"
GOWORK=off go test -c -o /tmp/fastio-crypto.test . >/dev/null
cpu() { { /usr/bin/time -f '%U %S' "$@" >/dev/null; } 2>&1 | tail -1 | awk '{print $1+$2}'; }
med() { sort -g | sed -n 3p; }
s=() o=() f=()
for _ in 1 2 3 4 5; do
	s+=("$(cpu sha256sum "$file")")
	o+=("$(cpu openssl dgst -sha256 "$file")")
	f+=("$(FASTIO_SUMFILE=$file cpu /tmp/fastio-crypto.test -test.run '^$' -test.bench 'SumFile' -test.benchtime 1x)")
done
s=$(printf "%s\n" "${s[@]}" | med)
o=$(printf "%s\n" "${o[@]}" | med)
f=$(printf "%s\n" "${f[@]}" | med)
echo "sha256sum $s s, openssl dgst $o s, SumFile $f s (test binary start-up included)"
awk -v s="$s" -v o="$o" -v f="$f" 'BEGIN{printf "speed ratio: %.2f against sha256sum, %.2f against openssl dgst\n", s/f, o/f}'
