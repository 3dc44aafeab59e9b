# tikal-data.awk -- turns data/tikal.txt into the C tables of the Tikal engine
# (build/gen/tikal_data.h). The data file is the one source of truth; the
# engine checks the tables against the rules at run time (tikal_data_check).
function kind(k) {
    if (k == "BASECAMP") return "TIKAL_BASECAMP"
    if (k == "JUNGLE") return "TIKAL_JUNGLE"
    if (k == "TEMPLE") return "TIKAL_TEMPLE"
    if (k == "TREASURE") return "TIKAL_TREASURE"
    if (k == "VOLCANO") return "TIKAL_VOLCANO"
    printf("tikal-data.awk: line %d: unknown kind %s\n", NR, k) > "/dev/stderr"
    failed = 1
    exit 1
}
# Stones per edge (N NE SE S SW NW) turned by rotation r (edge e's stones to
# edge e + r + shift), one digit of base 4 or 16 (two or four bits) an edge.
function spread(s0, s1, s2, s3, s4, s5, r, shift, base,    e, total, v) {
    split(s0 " " s1 " " s2 " " s3 " " s4 " " s5, v, " ")
    total = 0
    for (e = 0; e < 6; e++) total += v[e + 1] * base ^ ((e + r + shift) % 6)
    return total
}
# Two bits an edge as the tile lies: tikal_field.stones.
function packed(s0, s1, s2, s3, s4, s5, r) {
    return spread(s0, s1, s2, s3, s4, s5, r, 0, 4)
}
# The same stones as crossing lanes (LANE_BITS bits a direction d from
# LANE_BITS * d: a cost of 0..6 and a bit to spare, so that sums of lanes
# never carry): by the edge facing d (shift 0) or by the edge opposite d
# (shift 3), so that a crossing's cost is the sum of a field's lanes and its
# neighbour's opposite lanes (T11.1).
function lanes(s0, s1, s2, s3, s4, s5, r, shift) {
    return spread(s0, s1, s2, s3, s4, s5, r, shift, 2 ^ LANE_BITS)
}
# What a piece shows the field next to it in direction d (tikal_piece_facing):
# the stones of its edge facing back, in lane d (the opposite lanes), and in
# the lanes 32 bits up every bit if figures may stand on it (not a volcano).
function facing(s0, s1, s2, s3, s4, s5, r, k) {
    return halves(k == "VOLCANO" ? 0 : ALL_LANES, lanes(s0, s1, s2, s3, s4, s5, r, 3))
}
# A 64-bit constant from its 32-bit halves (awk's numbers hold 53 bits).
function halves(high, low) {
    return sprintf("(%.0fULL << 32 | %.0fu)", high, low)
}
BEGIN { LANE_BITS = 4; ALL_LANES = 2 ^ (6 * LANE_BITS) - 1 }
{ sub(/#.*/, "") }
$1 == "BOARD" { cols = $2; rows = $3; layout = $4 }
$1 == "START" && !rows {
    printf("tikal-data.awk: line %d: START before BOARD\n", NR) > "/dev/stderr"
    failed = 1
    exit 1
}
$1 == "START" {
    i = nstart + 0; start_kind[i] = kind($4); start_value[i] = $5; start_field[i] = $2 * rows + $3
    start_stones[i] = packed($6, $7, $8, $9, $10, $11, 0)
    start_lanes[i] = lanes($6, $7, $8, $9, $10, $11, 0, 0)
    start_opposite[i] = facing($6, $7, $8, $9, $10, $11, 0, $4)
    starts[nstart++] = sprintf("    {%d, %d, %s, %d, {%d, %d, %d, %d, %d, %d}},", $2, $3, kind($4), $5, $6, $7, $8, $9, $10, $11)
}
$1 == "TILE" {
    t = ntile + 0; tile_kind[t] = kind($4); tile_value[t] = $5
    for (r = 0; r < 6; r++) {
        tile_stones[t, r] = packed($6, $7, $8, $9, $10, $11, r)
        tile_lanes[t, r] = lanes($6, $7, $8, $9, $10, $11, r, 0)
        tile_opposite[t, r] = facing($6, $7, $8, $9, $10, $11, r, $4)
    }
    if ($4 == "VOLCANO") volcanoes += 2 ^ ntile
    tiles[ntile++] = sprintf("    {\"%s\", '%s', %s, %d, {%d, %d, %d, %d, %d, %d}},", $2, $3, kind($4), $5, $6, $7, $8, $9, $10, $11)
}
$1 == "TEMPLE_LEVEL" { levels[$2] = $3 }
$1 == "TREASURE_KINDS" { motifs = $2; per_motif = $3 }
$1 == "PER_PLAYER" && $2 == "EXPLORER" { explorers = $3 }
$1 == "PER_PLAYER" && $2 == "CAMP" { camps = $3 }
# A table entry: a name or expression as it is, a number in full.
function number(v) {
    return v ~ /^[0-9.e+]+$/ ? sprintf("%.0f", v) : v
}
# One table of 256 pieces: tiles in each rotation, pre-printed fields, none.
function piece_table(type, name, by_tile, by_start, none,    t, r, i, n) {
    printf "static const %s tikal_data_piece_%s[256] = {", type, name
    n = 0
    for (t = 0; t < ntile; t++)
        for (r = 0; r < 6; r++)
            printf "%s%s", (n++ ? ", " : ""), number((name == "kinds" || name == "values") ? by_tile[t] : by_tile[t, r])
    for (i = 0; i < nstart; i++) printf ", %s", number(by_start[i])
    for (i = n + nstart; i < 256; i++) printf ", %s", none
    print "};"
}
END {
    if (failed) exit 1
    if (layout != "ODDQ_DOWN") {
        print "tikal-data.awk: only the ODDQ_DOWN board layout is known" > "/dev/stderr"
        exit 1
    }
    print "/* Generated from data/tikal.txt by tools/tikal-data.awk: do not edit. */"
    print "#define TIKAL_DATA_COLS " cols
    print "#define TIKAL_DATA_ROWS " rows
    print "#define TIKAL_DATA_LAYOUT \"" layout "\""
    print "#define TIKAL_DATA_MOTIFS " motifs
    print "#define TIKAL_DATA_TOKENS_PER_MOTIF " per_motif
    print "#define TIKAL_DATA_EXPLORERS " explorers
    print "#define TIKAL_DATA_CAMPS " camps
    print "#define TIKAL_DATA_TILE_COUNT " ntile
    print "#define TIKAL_DATA_LANE_BITS " LANE_BITS
    print "#define TIKAL_DATA_START_COUNT " nstart
    print "static const tikal_start_def tikal_data_starts[] = {"
    for (i = 0; i < nstart; i++) print starts[i]
    print "};"
    print "static const tikal_tile_def tikal_data_tiles[] = {"
    for (i = 0; i < ntile; i++) print tiles[i]
    print "};"
    # Neighbours of every field (index column*rows + row) in the directions
    # N NE SE S SW NW, -1 off the board (layout ODDQ_DOWN, see data/tikal.txt).
    split("0 1 1 0 -1 -1", dc, " ")
    split("-1 -1 0 1 0 -1", dr_even, " ")
    split("-1 0 1 1 1 0", dr_odd, " ")
    printf "static const int8_t tikal_data_neighbors[%d][6] = {\n", cols * rows
    for (c = 0; c < cols; c++)
        for (r = 0; r < rows; r++) {
            printf "    {"
            for (d = 1; d <= 6; d++) {
                nc = c + dc[d]
                nr = r + (c % 2 ? dr_odd[d] : dr_even[d])
                printf "%s%d", (d > 1 ? ", " : ""), (nc < 0 || nc >= cols || nr < 0 || nr >= rows) ? -1 : nc * rows + nr
            }
            print "},"
        }
    print "};"
    # The same neighbours as a mask per field (bit g: field g is a neighbour).
    printf "static const uint64_t tikal_data_neighbor_masks[%d] = {\n", cols * rows
    for (c = 0; c < cols; c++)
        for (r = 0; r < rows; r++) {
            mask = 0
            for (d = 1; d <= 6; d++) {
                nc = c + dc[d]
                nr = r + (c % 2 ? dr_odd[d] : dr_even[d])
                if (nc >= 0 && nc < cols && nr >= 0 && nr < rows) mask += 2 ^ (nc * rows + nr)
            }
            printf "    %.0fULL,\n", mask
        }
    print "};"
    # The neighbours again with the field itself where there is none, and
    # the lanes (see lanes(), in both 32-bit halves) of
    # the directions that have a neighbour: branch-free loops read both.
    printf "static const uint8_t tikal_data_neighbor_or_self[%d][6] = {\n", cols * rows
    for (c = 0; c < cols; c++)
        for (r = 0; r < rows; r++) {
            printf "    {"
            board = 0
            for (d = 1; d <= 6; d++) {
                nc = c + dc[d]
                nr = r + (c % 2 ? dr_odd[d] : dr_even[d])
                off = nc < 0 || nc >= cols || nr < 0 || nr >= rows
                if (!off) board += (2 ^ LANE_BITS - 1) * 2 ^ (LANE_BITS * (d - 1))
                printf "%s%d", (d > 1 ? ", " : ""), off ? c * rows + r : nc * rows + nr
            }
            print "},"
            board_lanes[c * rows + r] = halves(board, board)
        }
    print "};"
    printf "static const uint64_t tikal_data_board_lanes[%d] = {\n", cols * rows
    for (f = 0; f < cols * rows; f++) printf "    %s,\n", board_lanes[f]
    print "};"
    # The volcano tiles as a mask (bit t: tile t).
    printf "static const uint64_t tikal_data_volcano_tiles = %.0fULL;\n", volcanoes
    # What lies on a field as one byte (tikal_state.piece): tile t in rotation
    # r is 6t + r, pre-printed field i is 6 * tiles + i; per piece its stones,
    # kind and printed value, its stones as lanes (see lanes()), and per field
    # its pre-printed piece (255 none). The tables have 256 entries: the
    # pieces that do not exist (255 = none) are empty fields.
    printf "#define TIKAL_DATA_PIECES %d\n", 6 * ntile + nstart
    piece_table("uint16_t", "stones", tile_stones, start_stones, 0)
    piece_table("uint8_t", "kinds", tile_kind, start_kind, "TIKAL_EMPTY")
    piece_table("uint8_t", "values", tile_value, start_value, 0)
    piece_table("uint32_t", "lanes", tile_lanes, start_lanes, 0)
    piece_table("uint64_t", "facing", tile_opposite, start_opposite, 0)
    # The same words with the lane of one direction d kept (in both halves),
    # per piece and d: a field's neighbours are summed without masking.
    printf "static const uint64_t tikal_data_piece_facing_toward[6][256] = {\n"
    for (d = 0; d < 6; d++) {
        lane = (2 ^ LANE_BITS - 1) * 2 ^ (LANE_BITS * d)
        printf "    {"
        for (p = 0; p < 256; p++) {
            if (p < 6 * ntile) word = tile_opposite[int(p / 6), p % 6]
            else if (p < 6 * ntile + nstart) word = start_opposite[p - 6 * ntile]
            else word = "0"
            printf "%s%s & %s", (p ? ", " : ""), word, halves(lane, lane)
        }
        print "},"
    }
    print "};"
    # Per tile the rotations that name a placement (T29.3): bit r if no
    # smaller rotation gives the same stones.
    printf "static const uint8_t tikal_data_canonical_rotations[%d] = {", ntile
    for (t = 0; t < ntile; t++) {
        mask = 0
        for (r = 0; r < 6; r++) {
            same = 0
            for (q = 0; q < r; q++) if (tile_stones[t, q] == tile_stones[t, r]) same = 1
            if (!same) mask += 2 ^ r
        }
        printf "%s%d", (t ? ", " : ""), mask
    }
    print "};"
    for (f = 0; f < cols * rows; f++) start_piece[f] = 255
    for (i = 0; i < nstart; i++) start_piece[start_field[i]] = 6 * ntile + i
    printf "static const uint8_t tikal_data_start_pieces[%d] = {", cols * rows
    for (f = 0; f < cols * rows; f++) printf "%s%d", (f ? ", " : ""), start_piece[f]
    print "};"
    # The set bits of every 6-bit mask (directions, rotations) in ascending
    # order, then 0s to 8 entries, and their count: lists of them are written
    # 8 entries at a time without a branch.
    printf "static const int32_t tikal_data_six_bits[64][8] = {\n"
    for (m = 0; m < 64; m++) {
        printf "    {"
        k = 0
        for (b = 0; b < 6; b++) if (int(m / 2 ^ b) % 2) printf "%s%d", (k++ ? ", " : ""), b
        for (; k < 8; k++) printf "%s0", (k ? ", " : "")
        print "},"
    }
    print "};"
    printf "static const uint8_t tikal_data_six_bits_count[64] = {"
    for (m = 0; m < 64; m++) {
        k = 0
        for (b = 0; b < 6; b++) k += int(m / 2 ^ b) % 2
        printf "%s%d", (m ? ", " : ""), k
    }
    print "};"
    printf "static const uint8_t tikal_data_levels[11] = {"
    for (v = 0; v <= 10; v++) printf "%s%d", (v ? ", " : ""), levels[v] + 0
    print "};"
}
