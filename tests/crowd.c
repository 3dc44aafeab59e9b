/*
 * crowd.c -- a crowd of raw connections against `maya serve` on loopback,
 * for the checks of its bounds (tests/cli/server_crowd.sh). Every check
 * waits for what it expects and fails only if it does not come within a
 * generous limit (CROWD_PATIENCE), so a slow machine passes.
 *
 *   crowd idle PORT N PER_ADDRESS
 *     opens N idle connections from 127.0.0.1 and checks that a request from
 *     127.0.0.2 is answered meanwhile; that the server closes all but
 *     PER_ADDRESS of them and refuses one more from 127.0.0.1 (its request
 *     timeout must be longer than all this takes); closes them, and then
 *     127.0.0.1 is served again.
 *   crowd slow PORT
 *     a request sent half (headers unfinished) is closed without an answer,
 *     and a kept-alive connection idle after its answer is closed too.
 *   crowd watch PORT PID GAME N MOVES TOKEN0 TOKEN1
 *     opens N event streams of GAME (two people's, TOKEN0 and TOKEN1) from
 *     127.0.0.1 and waits for each one's first view; the server process PID
 *     has no more threads than before; plays MOVES moves (at most the
 *     server's patches kept, 8: each the first legal action of the seat to
 *     move) without reading the streams meanwhile, and then every stream
 *     receives one event per move, their ids (the game's changes) counting
 *     up by one from the first view's, the last the patch to the last state
 *     number (not a whole view: the patch's operation on "/version");
 *     closes them all and opens N again (which the per-address limit allows
 *     only if the first N were freed).
 *   crowd laggard PORT GAME MOVES TOKEN0 TOKEN1
 *     opens an event stream of GAME that never reads (whole views, its
 *     receive buffer small) and one that reads; plays moves until the
 *     server has closed the laggard (GET /api/stats: one stream left), at
 *     most MOVES, and the reading one receives each before the next is
 *     played, in order; the server closes the laggard (its --idle-timeout
 *     must be short: the laggard's sends stall once its buffers are full),
 *     and only then does the laggard read: what was sent, then the end.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum {
    CROWD_PATIENCE = 60,   /* seconds a check waits for what it expects before failing */
    CROWD_TAIL = 64,       /* bytes of a stream kept between reads, to find a line cut in two */
    CROWD_ANSWER = 1 << 16, /* room for a whole answer read at once */
    CROWD_LINE = 64,        /* bytes of a stream's line kept to read its event id (longer lines are cut) */
    CROWD_LAGGARD_BUFFER = 4096 /* the laggard's receive buffer (bytes) */
};

/* One connection of the crowd. */
typedef struct crowd_peer {
    int fd;               /* its socket, -1 once closed */
    int done;             /* 1 once what is awaited came */
    char tail[CROWD_TAIL]; /* the last bytes received (NUL-terminated) */
    char line[CROWD_LINE]; /* the start of the line being received (NUL-terminated) */
    long long last_id;    /* the id of the last event received, -1 before the first */
    int events;           /* events received (their "id:" lines) */
    int out_of_order;     /* events whose id is not above the one before it (sent twice or backwards) */
    long long first_id;   /* the id of the first event, or -1 */
} crowd_peer;

static int failures;

static void fail(const char *format, const char *detail)
{
    fprintf(stderr, "crowd: ");
    fprintf(stderr, format, detail);
    fputc('\n', stderr);
    failures++;
}

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* A connection from address (NULL: any) to 127.0.0.1:port, without waiting
 * for it to be established; -1 on failure. */
static int open_from(const char *address, int port)
{
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    struct sockaddr_in from = {.sin_family = AF_INET};
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

    if (fd < 0)
        return -1;
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    if (address != NULL && (inet_pton(AF_INET, address, &from.sin_addr) != 1 ||
                            bind(fd, (struct sockaddr *)&from, sizeof from) != 0)) {
        close(fd);
        return -1;
    }
    if (connect(fd, (struct sockaddr *)&to, sizeof to) != 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Wait until fd is ready for events (POLLIN, POLLOUT); 0, or -1 past the
 * patience. */
static int wait_for(int fd, short events)
{
    struct pollfd p = {.fd = fd, .events = events};

    return poll(&p, 1, CROWD_PATIENCE * 1000) == 1 ? 0 : -1;
}

/* Send all of text on fd (non-blocking); 0 or -1. */
static int send_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = send(fd, text, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EAGAIN && wait_for(fd, POLLOUT) == 0)
            continue;
        if (n <= 0)
            return -1;
        text += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Everything fd receives until the server closes it (at most CROWD_ANSWER
 * - 1 bytes, NUL-terminated, in answer); the bytes, or -1 if the patience
 * ran out. A connection refused or reset answers 0 bytes. */
static long read_to_end(int fd, char *answer)
{
    size_t got = 0;

    for (;;) {
        ssize_t n = recv(fd, answer + got, CROWD_ANSWER - 1 - got, 0);
        if (n < 0 && errno == EAGAIN) {
            if (wait_for(fd, POLLIN) != 0)
                return -1;
            continue;
        }
        if (n <= 0)
            break;
        got += (size_t)n;
        if (got == CROWD_ANSWER - 1)
            break;
    }
    answer[got] = '\0';
    return (long)got;
}

/* One request from address on a connection of its own (HTTP/1.0: the
 * server closes it after the answer); its status, 0 if refused. */
static int request(const char *address, int port, const char *method, const char *path, const char *token,
                   const char *body, char *answer)
{
    char text[4096];
    int fd = open_from(address, port), status = 0;
    long got;

    if (fd < 0 || wait_for(fd, POLLOUT) != 0) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    snprintf(text, sizeof text,
             "%s %s HTTP/1.0\r\nHost: crowd\r\n%s%s%sContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
             method, path, token ? "Authorization: Bearer " : "", token ? token : "", token ? "\r\n" : "",
             body ? strlen(body) : 0, body ? body : "");
    if (send_all(fd, text, strlen(text)) == 0 && (got = read_to_end(fd, answer)) > 0)
        sscanf(answer, "HTTP/1.%*d %d", &status);
    close(fd);
    return status;
}

/* A GET from address, asked again while refused (the server frees closed
 * connections in its own time); its status, 0 if refused all along. */
static int request_until_served(const char *address, int port, const char *path, char *answer)
{
    double until = now() + CROWD_PATIENCE;
    int status;

    while ((status = request(address, port, "GET", path, NULL, NULL, answer)) == 0 && now() < until)
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    return status;
}

/* The threads of process pid (/proc), -1 if unknown. */
static int threads_of(const char *pid)
{
    char path[64], line[256];
    int threads = -1;
    FILE *f;

    snprintf(path, sizeof path, "/proc/%s/status", pid);
    if ((f = fopen(path, "r")) == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "Threads: %d", &threads) == 1)
            break;
    fclose(f);
    return threads;
}

/* Count the events in the len bytes p just received by their "id: N"
 * lines, and those out of order. */
static void count_events(crowd_peer *p, const char *bytes, size_t len)
{
    size_t at = strlen(p->line);
    long long id;

    for (size_t i = 0; i < len; i++) {
        if (bytes[i] != '\n') {
            if (at + 1 < CROWD_LINE) {
                p->line[at++] = bytes[i];
                p->line[at] = '\0';
            }
            continue;
        }
        if (sscanf(p->line, "id: %lld", &id) == 1) {
            p->out_of_order += p->last_id >= 0 && id <= p->last_id;
            if (p->first_id < 0)
                p->first_id = id;
            p->last_id = id;
            p->events++;
        }
        p->line[at = 0] = '\0';
    }
}

/* Read what every open peer received so far (its events counted); a peer
 * whose bytes, with its tail, contain want (NULL: never) is done; a peer the
 * server closed is closed here. Waits up to a second for something to arrive. */
static void read_peers(crowd_peer *peers, int n, const char *want)
{
    struct pollfd *polls = calloc((size_t)n, sizeof *polls);
    char *buffer = malloc(CROWD_ANSWER + CROWD_TAIL);

    for (int i = 0; i < n; i++)
        polls[i] = (struct pollfd){.fd = peers[i].fd, .events = POLLIN};
    if (poll(polls, (nfds_t)n, 1000) > 0) {
        for (int i = 0; i < n; i++) {
            crowd_peer *p = &peers[i];
            size_t kept = strlen(p->tail);
            ssize_t got;
            if (p->fd < 0 || polls[i].revents == 0)
                continue;
            memcpy(buffer, p->tail, kept);
            got = recv(p->fd, buffer + kept, CROWD_ANSWER, 0);
            if (got <= 0) {
                if (got == 0 || errno != EAGAIN) {
                    close(p->fd);
                    p->fd = -1;
                }
                continue;
            }
            size_t total = kept + (size_t)got;
            count_events(p, buffer + kept, (size_t)got);
            buffer[total] = '\0';
            if (want != NULL && strstr(buffer, want) != NULL)
                p->done = 1;
            kept = total < CROWD_TAIL - 1 ? total : CROWD_TAIL - 1;
            memcpy(p->tail, buffer + total - kept, kept + 1);
        }
    }
    free(buffer);
    free(polls);
}

static int count_open(const crowd_peer *peers, int n)
{
    int open = 0;

    for (int i = 0; i < n; i++)
        open += peers[i].fd >= 0;
    return open;
}

static int count_done(const crowd_peer *peers, int n)
{
    int done = 0;

    for (int i = 0; i < n; i++)
        done += peers[i].done;
    return done;
}

static void close_peers(crowd_peer *peers, int n)
{
    for (int i = 0; i < n; i++)
        if (peers[i].fd >= 0) {
            close(peers[i].fd);
            peers[i].fd = -1;
        }
}

/* Read the peers until at most most of them are open (want NULL), or
 * until all are done; 0, or -1 past the patience. */
static int await_peers(crowd_peer *peers, int n, const char *want, int most)
{
    double until = now() + CROWD_PATIENCE;

    while (want == NULL ? count_open(peers, n) > most : count_done(peers, n) < n)
        if (now() > until)
            return -1;
        else
            read_peers(peers, n, want);
    return 0;
}

static int crowd_idle(int port, int n, int per_address)
{
    crowd_peer *peers = calloc((size_t)n, sizeof *peers);
    char *answer = malloc(CROWD_ANSWER);
    int opened = 0;

    for (int i = 0; i < n; i++)
        opened += (peers[i].fd = open_from(NULL, port)) >= 0;
    printf("crowd: %d of %d idle connections opened from 127.0.0.1\n", opened, n);
    if (request("127.0.0.2", port, "GET", "/api/bots", NULL, NULL, answer) != 200)
        fail("%s", "127.0.0.2 is not served while 127.0.0.1 holds its connections");
    if (await_peers(peers, n, NULL, per_address) != 0)
        fail("%s", "the server keeps more connections from one address than --per-address");
    printf("crowd: the server keeps %d of them\n", count_open(peers, n));
    if (request(NULL, port, "GET", "/api/bots", NULL, NULL, answer) != 0)
        fail("%s", "one connection more from 127.0.0.1 is served");
    close_peers(peers, n);
    if (request_until_served(NULL, port, "/api/bots", answer) != 200)
        fail("%s", "127.0.0.1 is not served again once its idle connections are closed");
    free(peers);
    free(answer);
    return failures != 0;
}

static int crowd_slow(int port)
{
    static const char half[] = "GET /api/bots HTTP/1.1\r\nHost: crowd\r\n";
    static const char whole[] = "GET /api/bots HTTP/1.1\r\nHost: crowd\r\n\r\n";
    char *answer = malloc(CROWD_ANSWER);
    int fd = open_from("127.0.0.2", port);
    long got;

    if (fd < 0 || wait_for(fd, POLLOUT) != 0 || send_all(fd, half, sizeof half - 1) != 0)
        fail("%s", "cannot send half a request");
    else if ((got = read_to_end(fd, answer)) != 0)
        fail("a half-sent request is %s", got < 0 ? "not closed" : "answered");
    if (fd >= 0)
        close(fd);
    fd = open_from("127.0.0.2", port);
    if (fd < 0 || wait_for(fd, POLLOUT) != 0 || send_all(fd, whole, sizeof whole - 1) != 0)
        fail("%s", "cannot send a request");
    else if ((got = read_to_end(fd, answer)) < 0)
        fail("%s", "an idle kept-alive connection is not closed");
    else if (strncmp(answer, "HTTP/1.1 200", 12) != 0)
        fail("%s", "a request on a connection kept alive is not answered");
    if (fd >= 0)
        close(fd);
    free(answer);
    return failures != 0;
}

/* Open n event streams of game, one after the other, each once it got
 * its first view; one refused is opened again (the server frees closed
 * connections in its own time). */
static int open_watchers(crowd_peer *peers, int n, int port, const char *game)
{
    char text[256];
    double until = now() + CROWD_PATIENCE;

    snprintf(text, sizeof text, "GET /api/games/%s/events HTTP/1.0\r\nHost: crowd\r\n\r\n", game);
    for (int i = 0; i < n; i++) {
        do {
            if (now() > until) {
                fail("%s", "a watcher got no first view (refused: the earlier ones are not freed?)");
                return -1;
            }
            peers[i] = (crowd_peer){.fd = open_from(NULL, port), .last_id = -1, .first_id = -1};
            if (peers[i].fd < 0 || wait_for(peers[i].fd, POLLOUT) != 0 ||
                send_all(peers[i].fd, text, strlen(text)) != 0) {
                fail("%s", "cannot open an event stream");
                return -1;
            }
            while (peers[i].fd >= 0 && !peers[i].done)
                read_peers(&peers[i], 1, "event: view\n");
        } while (!peers[i].done);
    }
    return 0;
}

/* Play the first legal action of the seat to move in game (tokens: each
 * seat's); the new state number, or -1 (a failure told). */
static long long play_first_legal(int port, const char *game, char *const tokens[2], char *answer)
{
    char path[128], body[128];
    const char *found;
    long long version = -1;
    int seat = -1, action = -1;

    snprintf(path, sizeof path, "/api/games/%s", game);
    if (request(NULL, port, "GET", path, NULL, NULL, answer) != 200 ||
        (found = strstr(answer, "\"to_move\":")) == NULL ||
        sscanf(found, "\"to_move\":%d", &seat) != 1 || seat < 0 || seat > 1) {
        fail("no seat to move: %s", answer);
        return -1;
    }
    snprintf(path, sizeof path, "/api/games/%s/legal", game);
    if (request(NULL, port, "GET", path, tokens[seat], NULL, answer) != 200 ||
        (found = strstr(answer, "\r\n\r\n")) == NULL || sscanf(found, "\r\n\r\n{\"version\":%lld", &version) != 1 ||
        (found = strstr(found, "\"actions\":[{\"id\":")) == NULL ||
        sscanf(found, "\"actions\":[{\"id\":%d", &action) != 1) {
        fail("no legal action: %s", answer);
        return -1;
    }
    snprintf(body, sizeof body, "{\"version\": %lld, \"id\": %d}", version, action);
    snprintf(path, sizeof path, "/api/games/%s/actions", game);
    if (request(NULL, port, "POST", path, tokens[seat], body, answer) != 200 ||
        (found = strstr(answer, "\"version\":")) == NULL || sscanf(found, "\"version\":%lld", &version) != 1) {
        fail("the move is refused: %s", answer);
        return -1;
    }
    return version;
}

static int crowd_watch(int port, const char *pid, const char *game, int n, int moves, char *const tokens[2])
{
    crowd_peer *peers = calloc((size_t)n, sizeof *peers);
    char *answer = malloc(CROWD_ANSWER), want[64];
    int before = threads_of(pid), during, after, in_order = 0;
    long long version = -1;
    double started;

    if (open_watchers(peers, n, port, game) == 0) {
        during = threads_of(pid);
        printf("crowd: %d watchers see the game; the server has %d threads (%d before)\n", n, during, before);
        if (during > before)
            fail("%s", "the server has more threads with watchers than without");
        for (int k = 0; k < moves; k++)
            if ((version = play_first_legal(port, game, tokens, answer)) < 0)
                break;
        snprintf(want, sizeof want, "\"path\":\"/version\",\"value\":%lld}", version);
        for (int i = 0; i < n; i++)
            peers[i].done = 0;
        if (version >= 0 && await_peers(peers, n, want, 0) != 0)
            fail("%s", "a watcher did not receive the patch after the last move");
        else if (version >= 0)
            printf("crowd: every watcher received the patch to state %lld\n", version);
        for (int i = 0; i < n; i++)
            in_order += peers[i].out_of_order == 0 && peers[i].last_id - peers[i].first_id == moves;
        printf("crowd: %d of %d watchers received the first view and %d changes, in order"
               " (changes made while a watcher waited\n"
               "       for its turn come in one event)\n", in_order, n, moves);
        if (in_order != n)
            fail("%s", "a watcher missed a change, or received one twice or out of order");
    }
    close_peers(peers, n);
    started = now();
    if (open_watchers(peers, n, port, game) == 0)
        printf("crowd: %d watchers closed and %d opened again (in %.1f s)\n", n, n, now() - started);
    close_peers(peers, n);
    after = threads_of(pid);
    if (after > before)
        fail("%s", "the server has more threads after the watchers left");
    free(peers);
    free(answer);
    return failures != 0;
}

/* The event streams the server is sending now (GET /api/stats
 * "streams"), -1 if it does not say. */
static int streams_open(int port, char *answer)
{
    const char *found;
    int streams = -1;

    if (request(NULL, port, "GET", "/api/stats", NULL, NULL, answer) == 200 &&
        (found = strstr(answer, "\"streams\":")) != NULL)
        sscanf(found, "\"streams\":%d", &streams);
    return streams;
}

static int crowd_laggard(int port, const char *game, int moves, char *const tokens[2])
{
    char *answer = malloc(CROWD_ANSWER), text[256];
    crowd_peer reader;
    int laggard = open_from(NULL, port), buffer = CROWD_LAGGARD_BUFFER, played = 0, streams = -1;
    double until;
    ssize_t got = -1;
    long received = 0;

    snprintf(text, sizeof text, "GET /api/games/%s/events?whole=1&text=1 HTTP/1.0\r\nHost: crowd\r\n\r\n", game);
    if (laggard < 0 || setsockopt(laggard, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer) != 0 ||
        wait_for(laggard, POLLOUT) != 0 || send_all(laggard, text, strlen(text)) != 0 ||
        open_watchers(&reader, 1, port, game) != 0) {
        fail("%s", "cannot open the event streams");
        return 1;
    }
    until = now() + CROWD_PATIENCE; /* both streams are open */
    while ((streams = streams_open(port, answer)) != 2 && now() < until)
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    /* MOVES moves, each a whole view to the laggard while its buffers take
     * them (several if a few changes came meanwhile), then its sends stall;
     * fewer if the server closed it already. The laggard must not read
     * before it is closed, however long that takes: reading would unstall
     * it (it was read too soon, on a machine fast enough to play the moves
     * left within --idle-timeout of the stall). */
    for (int k = 1; k <= moves && failures == 0 && (streams = streams_open(port, answer)) == 2; k++) {
        until = now() + CROWD_PATIENCE;
        if (play_first_legal(port, game, tokens, answer) < 0)
            break;
        played = k;
        while (reader.fd >= 0 && reader.events < 1 + k && now() < until)
            read_peers(&reader, 1, NULL);
        if (reader.events != 1 + k || reader.out_of_order != 0 || reader.last_id - reader.first_id != k)
            fail("%s", "the reading watcher missed a change beside the laggard, or got it out of order");
    }
    if (failures == 0)
        printf("crowd: the reading watcher received all %d changes in order beside a laggard\n", played);
    until = now() + CROWD_PATIENCE; /* its sends stalled: the server closes it after --idle-timeout */
    while (streams == 2 && now() < until) {
        nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
        streams = streams_open(port, answer);
    }
    until = now() + CROWD_PATIENCE; /* the laggard reads now: what was sent, then the end */
    while (streams == 1 && now() < until && (got = recv(laggard, answer, CROWD_ANSWER, 0)) != 0)
        if (got < 0 && errno == EAGAIN)
            wait_for(laggard, POLLIN);
        else if (got < 0)
            break; /* reset: closed too */
        else
            received += got;
    if (streams != 1 || got > 0 || (got < 0 && errno == EAGAIN))
        fail("%s", "the server does not close a watcher that does not read");
    else
        printf("crowd: the server closed the laggard after %d moves (%ld bytes were sent to it)\n", played, received);
    close(laggard);
    close_peers(&reader, 1);
    free(answer);
    return failures != 0;
}

int main(int argc, char **argv)
{
    struct rlimit files;

    if (getrlimit(RLIMIT_NOFILE, &files) == 0) { /* each connection is a file */
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    if (argc == 5 && strcmp(argv[1], "idle") == 0)
        return crowd_idle(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
    if (argc == 3 && strcmp(argv[1], "slow") == 0)
        return crowd_slow(atoi(argv[2]));
    if (argc == 7 && strcmp(argv[1], "laggard") == 0)
        return crowd_laggard(atoi(argv[2]), argv[3], atoi(argv[4]), argv + 5);
    if (argc == 9 && strcmp(argv[1], "watch") == 0)
        return crowd_watch(atoi(argv[2]), argv[3], argv[4], atoi(argv[5]), atoi(argv[6]), argv + 7);
    fputs("usage: crowd idle PORT N PER_ADDRESS | slow PORT | watch PORT PID GAME N MOVES TOKEN0 TOKEN1"
          " | laggard PORT GAME MOVES TOKEN0 TOKEN1\n", stderr);
    return 2;
}
