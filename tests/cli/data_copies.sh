#!/bin/sh
# data_copies.sh -- the component data in data/ (the source of the engines'
# generated tables) must equal the shared originals in ../shared/data, when
# they are beside the repository; a difference means the tables are stale.
cd "$(dirname "$0")/../.." || exit 1
shared=../shared/data
if [ ! -d "$shared" ]; then
    echo "data_copies: $shared not found, nothing to compare"
    exit 0
fi
status=0
for f in "$shared"/*.txt; do
    name=$(basename "$f")
    if ! cmp -s "$f" "data/$name"; then
        echo "data_copies: data/$name differs from $f (copy it and rebuild)"
        status=1
    fi
done
exit $status
