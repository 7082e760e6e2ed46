/* locked.h (libgmrt-cuda, private): a mutex held for a scope, during which
 * a run-time error ends the process instead of jumping back to a NAME_try
 * guard (the jump would leave the mutex locked for ever: gmrt_fatal.h). */
#ifndef GMCU_LOCKED_H
#define GMCU_LOCKED_H

#include <mutex>

#include "gmrt_fatal.h"

class gmcu_locked {
public:
    explicit gmcu_locked(std::mutex &m) : hold_(m) { gmrt_guard_suspend(); }
    ~gmcu_locked() { gmrt_guard_resume(); }
    gmcu_locked(const gmcu_locked &) = delete;
    gmcu_locked &operator=(const gmcu_locked &) = delete;

private:
    std::lock_guard<std::mutex> hold_;
};

#endif
