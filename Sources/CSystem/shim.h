#ifndef TASKTILE_CSYSTEM_SHIM_H
#define TASKTILE_CSYSTEM_SHIM_H
/* Linux and POSIX interfaces the Glibc module does not export: the daemons' poll set
   (epoll(7), signalfd(2), timerfd_create(2), eventfd(2)), command-word splitting
   (wordexp(3) with WRDE_NOCMD) and process spawning (posix_spawn(3)). */
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <signal.h>
#include <spawn.h>
#include <wordexp.h>
#endif
