/*
 * scanlab_emu/launch.h: the kernel launch syntax, k<<<g, b, s, st>>>(args).
 *
 * g++ cannot parse <<< >>>, so nvcc-emu rewrites each launch into
 *
 *     k ->* scanlab_emu_config("k", g, b, s, st)(args)
 *
 * A function call binds tighter than ->*, so this reads as
 * k ->* (config(args)): the right side packs the configuration and the
 * arguments, and the operator->* below, found by argument-dependent lookup
 * on that pack, receives the kernel as a plain function pointer. The
 * rewrite therefore never needs to know where the kernel expression
 * starts. The operator converts the arguments to the kernel's parameter
 * types, as a call would, and hands the runtime a function that runs one
 * CUDA thread.
 */
#ifndef SCANLAB_EMU_LAUNCH_H
#define SCANLAB_EMU_LAUNCH_H

#include <tuple>
#include <type_traits>
#include <utility>

#include "runtime.h"

namespace scanlab_emu {

/* The right-hand side of ->*: the configuration and the arguments. */
template <class... Args>
struct LaunchPack {
    LaunchConfig config;
    std::tuple<Args...> args;
};

/* What scanlab_emu_config(...) returns: call it with the arguments. */
struct Configured {
    LaunchConfig config;

    template <class... Args>
    LaunchPack<std::decay_t<Args>...> operator()(Args &&...args) const
    {
        return {config, std::tuple<std::decay_t<Args>...>(std::forward<Args>(args)...)};
    }
};

/* The kernel and its converted parameters; every CUDA thread gets its own
 * copy of the parameters, as on a GPU. */
template <class... Params>
struct KernelCall {
    void (*kernel)(Params...);
    std::tuple<Params...> params;

    /* Not seen by the access hooks (access.cpp): reading the launch's
     * arguments is no access of the kernel's, and each thread does it. */
    __attribute__((no_sanitize_thread)) static void run_thread(void *self)
    {
        KernelCall *call = static_cast<KernelCall *>(self);
        call_with(call, std::index_sequence_for<Params...>{});
    }

    template <size_t... I>
    __attribute__((no_sanitize_thread, always_inline)) static void call_with(KernelCall *call,
                                                                            std::index_sequence<I...>)
    {
        call->kernel(std::get<I>(call->params)...);
    }
};

/* Converts one argument to its parameter's type, as a call would. One
 * exception: NULL or 0 passed for a pointer arrives here as an integer
 * (it stopped being a null pointer constant when it was packed), so an
 * integer becomes a pointer; nvcc rejects any other integer there. */
template <class Param, class Arg>
Param convert_argument(Arg &arg)
{
    if constexpr (std::is_pointer_v<Param> && std::is_integral_v<Arg>)
        return reinterpret_cast<Param>(arg);
    else
        return arg;
}

template <class... Params, class... Args>
void operator->*(void (*kernel)(Params...), LaunchPack<Args...> &&pack)
{
    static_assert(sizeof...(Params) == sizeof...(Args),
                  "kernel launched with the wrong number of arguments");
    KernelCall<Params...> call{
        kernel, std::apply([](Args &...args) { return std::tuple<Params...>(convert_argument<Params>(args)...); },
                           pack.args)};
    launch(pack.config, reinterpret_cast<const void *>(kernel),
           &KernelCall<Params...>::run_thread, &call);
}

} // namespace scanlab_emu

/* The launch configuration; the call site is recorded for diagnostics. */
inline scanlab_emu::Configured scanlab_emu_config(const char *kernel, dim3 grid, dim3 block,
                                                  size_t shared = 0, cudaStream_t stream = 0,
                                                  const char *file = __builtin_FILE(),
                                                  int line = __builtin_LINE())
{
    return {{kernel, grid, block, shared, stream, file, line}};
}

#endif
