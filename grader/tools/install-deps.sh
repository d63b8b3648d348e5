#!/bin/sh
# install-deps.sh: make sure the tools ScanLab needs are installed.
#
#   grader/tools/install-deps.sh criterion [cjson] [pandoc] [gnuplot] [chromium] [zip] [unzip] [slurm] [clang] [original-awk] [arm64] [help2man] [ccache]
#
# Each name is checked; what is missing is installed with apt-get when we
# run as root, and otherwise the exact command to run is printed. On macOS
# (not tested: no Mac has run it) Homebrew's packages: criterion, cjson and
# libomp (OpenMP for Apple's clang), which `brew install` installs when
# brew is there (the Makefile finds them under `brew --prefix`), and the
# rest is printed.
set -eu
if [ "$(uname -s)" = Darwin ]; then
    brew=$(command -v brew || :)
    prefix=$(${brew:-false} --prefix 2>/dev/null || echo /opt/homebrew)
    missing=""
    for need in "$@"; do
        case "$need" in
        criterion) [ -f "$prefix/include/criterion/criterion.h" ] || missing="$missing criterion libomp" ;;
        cjson) [ -f "$prefix/include/cjson/cJSON.h" ] || missing="$missing cjson" ;;
        original-awk) ;;   # macOS's awk is the one-true-awk
        clang) command -v clang >/dev/null 2>&1 || { echo "ScanLab needs Apple's clang: xcode-select --install" >&2; exit 1; } ;;
        pandoc | gnuplot | zip | unzip | help2man) command -v "$need" >/dev/null 2>&1 || missing="$missing $need" ;;
        *) echo "install-deps.sh: $need is not set up for macOS (ScanLab's tests are run on Linux)" >&2; exit 2 ;;
        esac
    done
    [ -f "$prefix/opt/libomp/include/omp.h" ] || case " $* " in *" criterion "*) missing="$missing libomp" ;; esac
    [ -z "$missing" ] && exit 0
    missing=$(echo "$missing" | tr ' ' '\n' | sort -u | tr '\n' ' ')
    if [ -z "$brew" ]; then
        echo "ScanLab needs Homebrew (https://brew.sh), then: brew install $missing" >&2
        exit 1
    fi
    echo "  installing: brew install $missing"
    # shellcheck disable=SC2086 # the package list is meant to split
    exec "$brew" install $missing
fi
missing=""
for need in "$@"; do
    case "$need" in
    criterion) [ -f /usr/include/criterion/criterion.h ] || missing="$missing libcriterion-dev" ;;
    cjson) [ -f /usr/include/cjson/cJSON.h ] || missing="$missing libcjson-dev" ;;
    pandoc) command -v pandoc >/dev/null 2>&1 || missing="$missing pandoc" ;;
    gnuplot) command -v gnuplot >/dev/null 2>&1 || missing="$missing gnuplot-nox" ;;
    chromium) command -v chromium >/dev/null 2>&1 || missing="$missing chromium" ;;
    zip) command -v zip >/dev/null 2>&1 || missing="$missing zip" ;;
    unzip) command -v unzip >/dev/null 2>&1 || missing="$missing unzip" ;;
    slurm) command -v slurmctld >/dev/null 2>&1 && command -v slurmd >/dev/null 2>&1 &&
               command -v sbatch >/dev/null 2>&1 && command -v munged >/dev/null 2>&1 ||
               missing="$missing slurmctld slurmd slurm-client munge" ;;
    # make man: scanzip's manual page from its --help; man-db to read it.
    help2man) command -v help2man >/dev/null 2>&1 && command -v man >/dev/null 2>&1 ||
                  missing="$missing help2man man-db" ;;
    # make fuzz: clang with libFuzzer, which Debian 12 ships in
    # libclang-rt-dev (only recommended by clang, so named here).
    # check-portable.sh: macOS's awk, the one-true-awk.
    original-awk) command -v original-awk >/dev/null 2>&1 || missing="$missing original-awk" ;;
    clang) command -v clang >/dev/null 2>&1 &&
               [ -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)" ] ||
               missing="$missing clang libclang-rt-dev" ;;
    # make test-arm64: an arm64 Debian root, its programs run by qemu
    # through binfmt_misc (the package registers itself there).
    # rsync: the tree copied in by content (test-arm64.sh says why).
    arm64) command -v debootstrap >/dev/null 2>&1 && [ -x /usr/libexec/qemu-binfmt/aarch64-binfmt-P ] &&
               command -v rsync >/dev/null 2>&1 ||
               missing="$missing debootstrap qemu-user-static binfmt-support rsync" ;;
    # make test: a compiler cache (the Makefile's CCACHE).
    ccache) command -v ccache >/dev/null 2>&1 || missing="$missing ccache" ;;
    *) echo "install-deps.sh: unknown dependency '$need'" >&2; exit 2 ;;
    esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "ScanLab needs:$missing. Install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "  installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# shellcheck disable=SC2086 # the package list is meant to split
apt-get install -y -qq --no-install-recommends $missing >/dev/null
