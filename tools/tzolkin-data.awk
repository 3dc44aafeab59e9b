# tzolkin-data.awk -- turns the Tzolk'in component files (data/tzolkin-buildings.txt,
# tzolkin-monuments.txt, tzolkin-wealth.txt, tzolkin-temples.txt) into the C tables
# of the engine (build/gen/tzolkin_data.h). The data files are the one source of
# truth; the research ids (B01.., S01..) become the ids of the rules (B1-01.., W01..).
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
    if (c == "FARM") return "TZOLK_FARM"
    if (c == "CIVIC") return "TZOLK_CIVIC"
    if (c == "TOMB") return "TZOLK_TOMB"
    if (c == "SHRINE") return "TZOLK_SHRINE"
    fail("unknown category " c)
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
}
$1 == "WEALTH" {
    effects($10)
    wl[nw++] = sprintf("    {\"W%s\", %d, %d, %s},", substr($2, 2), gear($3), $4, \
        sprintf("{%d, %d, %d, %d, %d}, {%d, %d, %d}, %d, %d, %d", $5, $6, $7, $8, $9, \
        e_temple[0], e_temple[1], e_temple[2], e_tech, e_feed, e_worker))
    if (e_disc || e_any || e_tany || e_vp || e_build || e_trade || e_action) fail("unsupported wealth effect")
}
$1 == "TEMPLE" {
    t = temple($2); tsteps[t] = $4; tstart[t] = $5; tprem1[t] = $6; tprem2[t] = $7
}
$1 == "STEP" {
    t = temple($2); i = $3 + 0
    tvp[t, i] = $5
    r = ($6 == "-") ? -1 : good($6)
    trew[t, i] = r
}
END {
    if (failed) exit 1
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
        printf "    {%d, %d, {%d, %d}, {%s}, {%s}},\n", tsteps[t], tstart[t], tprem1[t], tprem2[t], vps, rws
    }
    print "};"
}
