# tzolkin-data.awk -- turns the Tzolk'in data files (data/tzolkin-buildings.txt,
# tzolkin-monuments.txt, tzolkin-wealth.txt, tzolkin-temples.txt,
# tzolkin-constants.txt, tzolkin-wheels.txt) into C for the engine. With
# -v part=constants it writes the numbers (build/gen/tzolkin_constants.h, an
# enum that tzolkin.h includes: counts, costs, limits); otherwise the tables
# (build/gen/tzolkin_data.h: components, gears, the calendar, harvests,
# skull actions, the steps Tikal's and Uxmal's actions give, market rates,
# names). The data files are the one source of
# truth; the research ids (B01.., S01..) become the ids of the rules
# (B1-01.., W01..). Names and orders that the engine's enums fix (gears PAL
# YAX TIK UXM CHI, temples, tracks, goods) are checked, not assumed.
function fail(msg) {
    printf("tzolkin-data.awk: %s:%d: %s\n", FILENAME, FNR, msg) > "/dev/stderr"
    failed = 1
    exit 1
}
function temple(t) {
    if (t == "CHAAC") return 0
    if (t == "QUETZ") return 1
    if (t == "KUKUL") return 2
    fail("unknown temple " t)
}
function track(t) {
    if (t == "AGRI") return 0
    if (t == "EXTR") return 1
    if (t == "ARCH") return 2
    if (t == "THEO") return 3
    fail("unknown track " t)
}
function category(c) {
    catname[catname_index(c)] = tolower(c)
    if (c == "FARM") return "TZOLK_FARM"
    if (c == "CIVIC") return "TZOLK_CIVIC"
    if (c == "TOMB") return "TZOLK_TOMB"
    if (c == "SHRINE") return "TZOLK_SHRINE"
    fail("unknown category " c)
}
function catname_index(c) {
    return c == "FARM" ? 0 : c == "CIVIC" ? 1 : c == "TOMB" ? 2 : 3
}
function good(m) {
    if (m == "CORN") return 0
    if (m == "WOOD") return 1
    if (m == "STONE") return 2
    if (m == "GOLD") return 3
    if (m == "SKULL") return 4
    fail("unknown material " m)
}
function gear(g) {
    if (g == "PAL") return 0
    if (g == "YAX") return 1
    if (g == "TIK") return 2
    if (g == "UXM") return 3
    if (g == "CHI") return 4
    fail("unknown gear " g)
}
# Effects of a building or wealth tile into the globals e_*.
function effects(list,    n, i, part, k) {
    e_feed = 0; e_disc = 0; e_tech = -1; e_any = 0; e_tany = 0; e_vp = 0
    e_worker = 0; e_build = 0; e_trade = 0; e_action = 0
    for (k = 0; k < 3; k++) e_temple[k] = 0
    for (k = 0; k < 5; k++) e_gain[k] = 0
    if (list == "-") return
    n = split(list, item, ",")
    for (i = 1; i <= n; i++) {
        split(item[i], part, ":")
        if (part[1] == "FEED") e_feed = part[2]
        else if (part[1] == "FEEDDISC") e_disc = part[2]
        else if (part[1] == "TECH" && part[2] == "ANY") e_any = part[3]
        else if (part[1] == "TECH") { if (part[3] != 1) fail("fixed tech steps must be 1"); e_tech = track(part[2]) }
        else if (part[1] == "TEMPLE" && part[2] == "ANY") e_tany = part[3]
        else if (part[1] == "TEMPLE") e_temple[temple(part[2])] += part[3]
        else if (part[1] == "GAIN") e_gain[good(part[2])] += part[3]
        else if (part[1] == "VP") e_vp = part[2]
        else if (part[1] == "WORKER") e_worker = part[2]
        else if (part[1] == "BUILD") e_build = part[2]
        else if (part[1] == "TRADE") e_trade = 1
        else if (part[1] == "ANYACTION") e_action = 1
        else fail("unknown effect " item[i])
    }
}
function fx() {
    return sprintf("%d, %d, %d, %d, {%d, %d, %d}, %d, {%d, %d, %d, %d, %d}, %d, %d, %d, %d, %d",
        e_feed, e_disc, e_tech, e_any, e_temple[0], e_temple[1], e_temple[2], e_tany,
        e_gain[0], e_gain[1], e_gain[2], e_gain[3], e_gain[4], e_vp, e_worker, e_build, e_trade, e_action)
}
{ sub(/#.*/, ""); sub(/;;.*/, "") }
$1 == "BUILDING" {
    age = $3 + 0
    seq[age]++
    effects($8)
    bld[nb++] = sprintf("    {\"B%d-%02d\", %d, %s, {%d, %d, %d}, %s},", age, seq[age], age, category($4), $5, $6, $7, fx())
    catb[catname_index($4)] += 2 ^ (nb - 1)
}
$1 == "MONUMENT" {
    split($8, sc, ":")
    kind = "TZOLK_MS_" sc[1]
    p0 = 0; p1 = 0; p2 = 0; p3 = 0
    if (sc[1] == "PERCAT") { p0 = category(sc[2]); p1 = sc[3] }
    else if (sc[1] == "ALLMONUMENTS" || sc[1] == "TECH3" || sc[1] == "WORKERS") {
        k = split(sc[2], v, "/"); p0 = v[1]; p1 = v[2]; p2 = v[3]; p3 = (k > 3 ? v[4] : 0)
    } else if (sc[1] != "TEMPLEVP") p0 = sc[2]
    mon[nm++] = sprintf("    {\"%s\", %s, {%d, %d, %d, %d}, %s, {%s, %d, %d, %d}},", $2, category($3), $4, $5, $6, $7, kind, p0, p1, p2, p3)
    catm[catname_index($3)] += 2 ^ (nm - 1)
}
$1 == "WEALTH" {
    effects($10)
    wl[nw++] = sprintf("    {\"W%s\", %d, %d, %s},", substr($2, 2), gear($3), $4, \
        sprintf("{%d, %d, %d, %d, %d}, {%d, %d, %d}, %d, %d, %d", $5, $6, $7, $8, $9, \
        e_temple[0], e_temple[1], e_temple[2], e_tech, e_feed, e_worker))
    if (e_disc || e_any || e_tany || e_vp || e_build || e_trade || e_action) fail("unsupported wealth effect")
}
$1 == "TEMPLE" {
    t = temple($2); tname[t] = $2; ntemple++
    tsteps[t] = $4; tstart[t] = $5; tprem1[t] = $6; tprem2[t] = $7
}
$1 == "STEP" {
    t = temple($2); i = $3 + 0
    tvp[t, i] = $5
    r = ($6 == "-") ? -1 : good($6)
    trew[t, i] = r
}
# ---- tzolkin-constants.txt ----
function constant(name, value) {
    if (value !~ /^-?[0-9]+$/) fail("not a number: " value)
    cname[nc++] = name; cvalue[name] = value + 0
}
$1 == "PLAYERS" { constant("TZOLK_PLAYERS_MIN", $2); constant("TZOLK_PLAYERS_MAX", $3) }
$1 == "CALENDAR_TEETH" { constant("TZOLK_CALENDAR_TEETH", $2) }
$1 == "FOODDAY" { food_mid[nfood++] = ($3 == "RESOURCES") }
$1 == "FOODDAY_TOOTH" { for (i = 2; i <= NF; i++) food_tooth[i - 2] = $i }
$1 == "WORKERS_START" { constant("TZOLK_WORKERS_START", $2) }
$1 == "WORKERS_MAX" { constant("TZOLK_MAX_WORKERS", $2) }
$1 == "WEALTH_DEALT" { constant("TZOLK_WEALTH_DEALT", $2) }
$1 == "WEALTH_KEPT" { constant("TZOLK_WEALTH_KEPT", $2) }
$1 == "BUILDINGS_ON_DISPLAY" { constant("TZOLK_DISPLAY", $2) }
$1 == "SKULLS_TOTAL" { constant("TZOLK_SKULLS", $2) }
$1 == "HARVEST_TILES" { corn_tiles_box = $2 }
$1 == "PLACE_SURCHARGE" { surcharge[$2] = $3; if ($2 + 0 > nsur) nsur = $2 + 0 }
$1 == "START_SPACE_CORN" { constant("TZOLK_START_SPACE_CORN", $2) }
$1 == "RETRIEVE_STEP_BACK_COST" { constant("TZOLK_STEP_BACK_CORN", $2) }
$1 == "FEED_CORN_PER_WORKER" { constant("TZOLK_FEED_CORN", $2) }
$1 == "UNFED_PENALTY_VP" { constant("TZOLK_UNFED_VP", $2) }
$1 == "BEG_THRESHOLD" { constant("TZOLK_BEG_THRESHOLD", $2) }
$1 == "BEG_CORN" { constant("TZOLK_BEG_CORN", $2) }
$1 == "MARKET" {
    r = good(toupper($2)) - 1
    if (r < 0 || r > 2) fail("market of " $2)
    market[r] = $3; resname[r] = $2
}
$1 == "UXMAL4_CORN_PER_BLOCK" { constant("TZOLK_UXM4_CORN_PER_BLOCK", $2) }
$1 == "UXMAL1_CORN" { constant("TZOLK_UXM1_CORN", $2) }
$1 == "UXMAL5_CORN" { constant("TZOLK_UXM5_CORN", $2) }
$1 == "TECH_COST" && $2 == "BONUS" { tech_cost[3] = $3; next }
$1 == "TECH_COST" { tech_cost[$2 - 1] = $3; if ($2 + 0 > ntechlevel) ntechlevel = $2 + 0 }
$1 == "TECH_BONUS" {
    x = track($2)
    if (x != ntrack) fail("tracks out of order")
    trackname[ntrack++] = $2
    n = split($3, bonus, "_")
    if (x == 0) constant("TZOLK_AGRI_BONUS_TEMPLE", bonus[n])
    if (x == 1) constant("TZOLK_EXTR_BONUS_GOODS", bonus[n])
    if (x == 2) constant("TZOLK_ARCH_BONUS_VP", bonus[n])
    if (x == 3) constant("TZOLK_THEO_BONUS_SKULLS", bonus[n])
}
$1 == "FINAL_SKULL_VP" { constant("TZOLK_FINAL_SKULL_VP", $2) }
$1 == "FINAL_CORN_PER_VP" { constant("TZOLK_FINAL_CORN_PER_VP", $2) }
# ---- tzolkin-wheels.txt ----
$1 == "GEAR" {
    g = gear($2)
    if (g != ngear) fail("gears out of order")
    gname[ngear++] = $2; gholes[g] = $3; glast[g] = $5; gactions[g] = $6
    if ($4 != 0) fail("the first visible position must be 0")
    if ($3 + 0 > holes_max) holes_max = $3 + 0
}
# the numbers of an action's key=value parameters into the globals kv[key]
function params(    i, part) {
    split("", kv)
    for (i = 5; i <= NF; i++)
        if (split($i, part, "=") == 2) kv[part[1]] = part[2]
}
$1 == "ACTION" {
    g = gear($2); q = $3 + 0; params()
    if ($4 == "FISH" || $4 == "HARVEST") { hcorn[q] = kv["corn"]; hwood[q] = kv["wood"] + 0 }
    else if ($4 == "GAIN" && $2 == "YAX")
        yax[q] = sprintf("{%d, %d, %d, %d, %d}", kv["corn"], kv["wood"], kv["stone"], kv["gold"], kv["skull"])
    else if ($4 == "SKULL") {
        skull[q] = sprintf("{%d, %d, %d}", kv["vp"], temple(kv["temple"]), kv["res"]); nskull++
    }
    else if ($4 == "TECH") steps[g, q] = sprintf("{%d, 0, 0, 0}", kv["steps"])
    else if ($4 == "BUILD") steps[g, q] = sprintf("{0, %d, 0, 0}", kv["buildings"])
    else if ($4 == "TEMPLES") steps[g, q] = sprintf("{0, 0, %d, 0}", kv["steps"])
    else if ($4 == "WORKER") steps[g, q] = sprintf("{0, 0, 0, %d}", $5)
}
$1 == "JUNGLE" {
    k = $2 - 2
    jcorn[k] = ($3 == "n"); jforest[k] = ($4 == "n"); njungle++
    if ($3 != "n" && $3 != 0 || $4 != "n" && $4 != 0) fail("jungle tiles are n or 0")
}
END {
    if (failed) exit 1
    if (part == "constants") {
        if (ngear != 5 || ntrack != 4 || nfood != 4 || njungle != 4 || corn_tiles_box % njungle) {
            print "tzolkin-data.awk: wrong counts in the constants or wheels" > "/dev/stderr"; exit 1
        }
        print "/* Generated from data/tzolkin-*.txt by tools/tzolkin-data.awk: do not edit. */"
        print "enum {"
        printf "    TZOLK_GEARS = %d,\n    TZOLK_HOLES_MAX = %d,\n    TZOLK_TEMPLES = %d,\n    TZOLK_TRACKS = %d,\n", \
            ngear, holes_max, ntemple, ntrack
        printf "    TZOLK_BUILDINGS = %d,\n    TZOLK_AGE1_BUILDINGS = %d,\n    TZOLK_MONUMENTS = %d,\n    TZOLK_WEALTH = %d,\n", \
            nb, seq[1], nm, nw
        printf "    TZOLK_FOOD_DAYS = %d,\n    TZOLK_TECH_LEVELS = %d,\n    TZOLK_SKULL_ACTIONS = %d,\n", \
            nfood, ntechlevel, nskull
        printf "    TZOLK_JUNGLE_GROUPS = %d,\n    TZOLK_JUNGLE_FIELDS = %d,\n", njungle, corn_tiles_box / njungle
        for (i = 0; i < nc; i++)
            printf "    %s = %d,\n", cname[i], cvalue[cname[i]]
        print "};"
        exit 0
    }
    if (nb != 32 || nm != 13 || nw != 21) { print "tzolkin-data.awk: wrong counts" > "/dev/stderr"; exit 1 }
    print "/* Generated from data/tzolkin-*.txt by tools/tzolkin-data.awk: do not edit. */"
    print "static const tzolk_building_def tzolk_data_buildings[32] = {"
    for (i = 0; i < nb; i++) print bld[i]
    print "};"
    print "static const tzolk_monument_def tzolk_data_monuments[13] = {"
    for (i = 0; i < nm; i++) print mon[i]
    print "};"
    print "static const tzolk_wealth_def tzolk_data_wealth[21] = {"
    for (i = 0; i < nw; i++) print wl[i]
    print "};"
    print "static const tzolk_temple_def tzolk_data_temples[3] = {"
    for (t = 0; t < 3; t++) {
        vps = ""; rws = ""
        for (i = 0; i < 9; i++) {
            vps = vps (i ? ", " : "") (i < tsteps[t] ? tvp[t, i] : 0)
            rws = rws (i ? ", " : "") (i < tsteps[t] ? trew[t, i] : -1)
        }
        printf "    {\"%s\", %d, %d, {%d, %d}, {%s}, {%s}},\n", tname[t], tsteps[t], tstart[t], tprem1[t], tprem2[t], vps, rws
    }
    print "};"
    print "static const tzolk_board_def tzolk_data_board = {"
    printf "    {"
    for (g = 0; g < ngear; g++)
        printf "%s{\"%s\", %d, %d, %d}", (g ? ", " : ""), gname[g], gholes[g], glast[g], gactions[g]
    print "},"
    printf "    {"
    for (x = 0; x < ntrack; x++) printf "%s\"%s\"", (x ? ", " : ""), trackname[x]
    print "},"
    printf "    {\"%s\", \"%s\", \"%s\", \"%s\"},\n", catname[0], catname[1], catname[2], catname[3]
    printf "    {\"%s\", \"%s\", \"%s\"},\n", resname[0], resname[1], resname[2]
    printf "    {\"%s\", \"%s\", \"%s\"},\n", substr(resname[0], 1, 1), substr(resname[1], 1, 1), substr(resname[2], 1, 1)
    printf "    {%d, %d, %d},\n", market[0], market[1], market[2]
    printf "    {"
    for (k = 0; k < nfood; k++) printf "%s%d", (k ? ", " : ""), food_tooth[k] == 0 ? cvalue["TZOLK_CALENDAR_TEETH"] : food_tooth[k]
    print "},"
    printf "    {"
    for (k = 0; k < nfood; k++) printf "%s%d", (k ? ", " : ""), food_mid[k]
    print "},"
    printf "    {0"
    for (q = 1; q < 6; q++) printf ", %d", hcorn[q]
    print "},"
    printf "    {0"
    for (q = 1; q < 6; q++) printf ", %d", hwood[q]
    print "},"
    printf "    {{0}"
    for (q = 1; q < 6; q++) printf ", %s", yax[q]
    print "},"
    printf "    {{0}"
    for (q = 1; q <= nskull; q++) printf ", %s", skull[q]
    print "},"
    printf "    {"
    for (g = 0; g < ngear; g++) {
        printf "%s{{0}", (g ? ", " : "")
        for (q = 1; q < 6; q++) printf ", %s", ((g, q) in steps) ? steps[g, q] : "{0}"
        printf "}"
    }
    print "},"
    printf "    {0"
    for (k = 1; k <= nsur; k++) printf ", %d", surcharge[k]
    print "},"
    printf "    {%d, %d, %d, %d},\n", tech_cost[0], tech_cost[1], tech_cost[2], tech_cost[3]
    printf "    {%d, %d, %d, %d},\n", jcorn[0], jcorn[1], jcorn[2], jcorn[3]
    printf "    {%d, %d, %d, %d},\n", jforest[0], jforest[1], jforest[2], jforest[3]
    printf "    {%.0fu, %.0fu, %.0fu, %.0fu},\n", catb[0], catb[1], catb[2], catb[3]
    printf "    {%.0fu, %.0fu, %.0fu, %.0fu},\n", catm[0], catm[1], catm[2], catm[3]
    print "};"
}
