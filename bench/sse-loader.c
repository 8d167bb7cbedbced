/*
 * The SSE load generator for bench/sse.ts: holds N Server-Sent Events connections on one epoll
 * loop and timestamps each event's arrival against its id (the tick time, ms since the epoch).
 *
 * Written in C for the same reason wrk and h2load are: in production every client is its own
 * machine, so the loader's per-socket cost must stay far below the server's or the benchmark
 * measures the loader. A Node loader spends ~10-25 us per event; this one about 1-2 us.
 *
 *   sse-loader <port> <path> <connections>
 * stdout: "connected <open> <failed> <ms>" once every connection has its response headers;
 * stdin:  "report <from> <to>" prints one JSON line with the arrivals of ticks in [from, to]
 *         ({"latencies":[...],"perTick":{"<id>":n},"firstArrival":{"<id>":ms}}) and exits.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd;
  int headers_done; /* matched "\r\n\r\n" */
  int hdr_state;    /* progress through "\r\n\r\n" */
  int id_state;     /* progress through "\nid: " */
  int in_id;        /* reading the id's digits */
  int64_t id;
  int64_t last_id;
} conn_t;

typedef struct {
  int64_t id;
  int64_t at;
} arrival_t;

static arrival_t *arrivals;
static size_t n_arrivals, cap_arrivals;

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void record(conn_t *c, int64_t at) {
  if (c->id <= c->last_id) return; /* a repeated id (snapshot on reconnect) counts once */
  c->last_id = c->id;
  if (n_arrivals == cap_arrivals) {
    cap_arrivals = cap_arrivals ? cap_arrivals * 2 : 1 << 16;
    arrivals = realloc(arrivals, cap_arrivals * sizeof *arrivals);
    if (!arrivals) exit(2);
  }
  arrivals[n_arrivals++] = (arrival_t){c->id, at};
}

/* Byte by byte, so a header or an id split across two reads is still seen. */
static void scan(conn_t *c, const char *buf, ssize_t len, int64_t at, int *opened) {
  static const char HDR[] = "\r\n\r\n", ID[] = "\nid: ";
  for (ssize_t i = 0; i < len; i++) {
    char ch = buf[i];
    if (!c->headers_done) {
      c->hdr_state = ch == HDR[c->hdr_state] ? c->hdr_state + 1 : (ch == '\r');
      if (c->hdr_state == 4) {
        c->headers_done = 1;
        (*opened)++;
        c->id_state = 1; /* the body starts right after a newline */
      }
      continue;
    }
    if (c->in_id) {
      if (ch >= '0' && ch <= '9') {
        c->id = c->id * 10 + (ch - '0');
        continue;
      }
      c->in_id = 0;
      record(c, at);
    }
    c->id_state = ch == ID[c->id_state] ? c->id_state + 1 : (ch == '\n');
    if (c->id_state == 5) {
      c->in_id = 1;
      c->id = 0;
      c->id_state = 0;
    }
  }
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

static void report(int64_t from, int64_t to) {
  printf("{\"latencies\":[");
  int first = 1;
  int64_t *ids = malloc((n_arrivals + 1) * sizeof *ids);
  size_t n_ids = 0;
  for (size_t i = 0; i < n_arrivals; i++) {
    if (arrivals[i].id < from || arrivals[i].id > to) continue;
    printf(first ? "%lld" : ",%lld", (long long)(arrivals[i].at - arrivals[i].id));
    first = 0;
    ids[n_ids++] = arrivals[i].id;
  }
  qsort(ids, n_ids, sizeof *ids, cmp_i64);
  printf("],\"perTick\":{");
  for (size_t i = 0, k = 0; i < n_ids; k++) {
    size_t j = i;
    while (j < n_ids && ids[j] == ids[i]) j++;
    printf(k ? ",\"%lld\":%zu" : "\"%lld\":%zu", (long long)ids[i], j - i);
    i = j;
  }
  printf("},\"firstArrival\":{");
  for (size_t i = 0, k = 0; i < n_ids; k++) {
    int64_t best = INT64_MAX;
    for (size_t a = 0; a < n_arrivals; a++)
      if (arrivals[a].id == ids[i] && arrivals[a].at - arrivals[a].id < best) best = arrivals[a].at - arrivals[a].id;
    printf(k ? ",\"%lld\":%lld" : "\"%lld\":%lld", (long long)ids[i], (long long)best);
    size_t j = i;
    while (j < n_ids && ids[j] == ids[i]) j++;
    i = j;
  }
  printf("}}\n");
  fflush(stdout);
  free(ids);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: sse-loader <port> <path> <connections>\n");
    return 64;
  }
  int port = atoi(argv[1]), n = atoi(argv[3]);
  char request[512];
  int req_len = snprintf(request, sizeof request,
                         "GET /%s HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n", argv[2]);
  conn_t *conns = calloc(n, sizeof *conns);
  int ep = epoll_create1(0);
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);

  int64_t started = now_ms();
  int opened = 0, failed = 0, announced = 0;
  char buf[65536];
  struct epoll_event events[1024];
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
  struct epoll_event in_ev = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(ep, EPOLL_CTL_ADD, 0, &in_ev);
  char line[128];
  size_t line_len = 0;

  for (int i = 0, connected = 0;;) {
    /* Connect in batches of 250 (blocking connect on loopback is immediate), like the Node loader. */
    while (i < n && i - connected < 250) {
      conn_t *c = &conns[i++];
      c->fd = socket(AF_INET, SOCK_STREAM, 0);
      int one = 1;
      setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      if (c->fd < 0 || connect(c->fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
          write(c->fd, request, req_len) != req_len) {
        failed++;
        connected++;
        continue;
      }
      fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
      struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
      epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
    }
    int ready = epoll_wait(ep, events, 1024, 100);
    int64_t at = now_ms();
    for (int e = 0; e < ready; e++) {
      conn_t *c = events[e].data.ptr;
      if (!c) { /* a command from the orchestrator */
        ssize_t got = read(0, line + line_len, sizeof line - 1 - line_len);
        if (got <= 0) return 0;
        line_len += got;
        line[line_len] = 0;
        long long from, to;
        if (strchr(line, '\n') && sscanf(line, "report %lld %lld", &from, &to) == 2) {
          report(from, to);
          return 0;
        }
        continue;
      }
      int was_done = c->headers_done;
      for (;;) {
        ssize_t got = read(c->fd, buf, sizeof buf);
        if (got > 0) {
          scan(c, buf, got, at, &opened);
          continue;
        }
        if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
          epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
          close(c->fd);
          if (!was_done && !c->headers_done) failed++;
        }
        break;
      }
      if (!was_done && c->headers_done) connected++;
    }
    if (!announced && opened + failed >= n) {
      announced = 1;
      printf("connected %d %d %lld\n", opened, failed, (long long)(now_ms() - started));
      fflush(stdout);
    }
  }
}
