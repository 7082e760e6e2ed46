/* cg_ident.c: reserved names and the one renaming rule (see cg_ident.h). */
#include "cg_ident.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Keywords of C (C23 included), C++ and CUDA; the functions, types and
 * macros that <inttypes.h>, <math.h>, <stdio.h>, <stdlib.h>, <string.h>,
 * <sys/stat.h>, <stdint.h>, <stdbool.h>, <float.h>, <limits.h> and <omp.h>
 * declare (glibc, with _POSIX_C_SOURCE 200809L as the generated .c sets it);
 * CUDA's built-in variables and device functions. Space-separated, with a
 * space at both ends. */
static const char words[] =
    " AIO_PRIO_DELTA_MAX BC_BASE_MAX BC_DIM_MAX BC_SCALE_MAX BC_STRING_MAX BUFSIZ"
    " CHARCLASS_NAME_MAX CHAR_BIT CHAR_MAX CHAR_MIN COLL_WEIGHTS_MAX DBL_DECIMAL_DIG DBL_DIG"
    " DBL_EPSILON DBL_HAS_SUBNORM DBL_MANT_DIG DBL_MAX DBL_MAX_10_EXP DBL_MAX_EXP DBL_MIN"
    " DBL_MIN_10_EXP DBL_MIN_EXP DBL_TRUE_MIN DECIMAL_DIG DELAYTIMER_MAX EOF EXIT_FAILURE"
    " EXIT_SUCCESS EXPR_NEST_MAX FILE FILENAME_MAX FLT_DECIMAL_DIG FLT_DIG FLT_EPSILON"
    " FLT_EVAL_METHOD FLT_HAS_SUBNORM FLT_MANT_DIG FLT_MAX FLT_MAX_10_EXP FLT_MAX_EXP FLT_MIN"
    " FLT_MIN_10_EXP FLT_MIN_EXP FLT_RADIX FLT_ROUNDS FLT_TRUE_MIN FOPEN_MAX FP_ILOGB0"
    " FP_ILOGBNAN FP_INFINITE FP_NAN FP_NORMAL FP_SUBNORMAL FP_ZERO HOST_NAME_MAX HUGE_VAL"
    " HUGE_VALF HUGE_VALL INFINITY INT16_C INT16_MAX INT16_MIN INT32_C INT32_MAX INT32_MIN"
    " INT64_C INT64_MAX INT64_MIN INT8_C INT8_MAX INT8_MIN INTMAX_C INTMAX_MAX INTMAX_MIN"
    " INTPTR_MAX INTPTR_MIN INT_FAST16_MAX INT_FAST16_MIN INT_FAST32_MAX INT_FAST32_MIN"
    " INT_FAST64_MAX INT_FAST64_MIN INT_FAST8_MAX INT_FAST8_MIN INT_LEAST16_MAX INT_LEAST16_MIN"
    " INT_LEAST32_MAX INT_LEAST32_MIN INT_LEAST64_MAX INT_LEAST64_MIN INT_LEAST8_MAX"
    " INT_LEAST8_MIN INT_MAX INT_MIN LDBL_DECIMAL_DIG LDBL_DIG LDBL_EPSILON LDBL_HAS_SUBNORM"
    " LDBL_MANT_DIG LDBL_MAX LDBL_MAX_10_EXP LDBL_MAX_EXP LDBL_MIN LDBL_MIN_10_EXP LDBL_MIN_EXP"
    " LDBL_TRUE_MIN LINE_MAX LLONG_MAX LLONG_MIN LOGIN_NAME_MAX LONG_MAX LONG_MIN L_ctermid"
    " L_tmpnam MATH_ERREXCEPT MATH_ERRNO MAX_CANON MAX_INPUT MB_CUR_MAX MB_LEN_MAX MQ_PRIO_MAX"
    " NAME_MAX NAN NGROUPS_MAX NULL PATH_MAX PIPE_BUF PRIX16 PRIX32 PRIX64 PRIX8 PRIXFAST16"
    " PRIXFAST32 PRIXFAST64 PRIXFAST8 PRIXLEAST16 PRIXLEAST32 PRIXLEAST64 PRIXLEAST8 PRIXMAX"
    " PRIXPTR PRId16 PRId32 PRId64 PRId8 PRIdFAST16 PRIdFAST32 PRIdFAST64 PRIdFAST8 PRIdLEAST16"
    " PRIdLEAST32 PRIdLEAST64 PRIdLEAST8 PRIdMAX PRIdPTR PRIi16 PRIi32 PRIi64 PRIi8 PRIiFAST16"
    " PRIiFAST32 PRIiFAST64 PRIiFAST8 PRIiLEAST16 PRIiLEAST32 PRIiLEAST64 PRIiLEAST8 PRIiMAX"
    " PRIiPTR PRIo16 PRIo32 PRIo64 PRIo8 PRIoFAST16 PRIoFAST32 PRIoFAST64 PRIoFAST8 PRIoLEAST16"
    " PRIoLEAST32 PRIoLEAST64 PRIoLEAST8 PRIoMAX PRIoPTR PRIu16 PRIu32 PRIu64 PRIu8 PRIuFAST16"
    " PRIuFAST32 PRIuFAST64 PRIuFAST8 PRIuLEAST16 PRIuLEAST32 PRIuLEAST64 PRIuLEAST8 PRIuMAX"
    " PRIuPTR PRIx16 PRIx32 PRIx64 PRIx8 PRIxFAST16 PRIxFAST32 PRIxFAST64 PRIxFAST8 PRIxLEAST16"
    " PRIxLEAST32 PRIxLEAST64 PRIxLEAST8 PRIxMAX PRIxPTR PTHREAD_DESTRUCTOR_ITERATIONS"
    " PTHREAD_KEYS_MAX PTHREAD_STACK_MIN PTRDIFF_MAX PTRDIFF_MIN RAND_MAX RE_DUP_MAX RTSIG_MAX"
    " SCHAR_MAX SCHAR_MIN SCNd16 SCNd32 SCNd64 SCNd8 SCNdFAST16 SCNdFAST32 SCNdFAST64 SCNdFAST8"
    " SCNdLEAST16 SCNdLEAST32 SCNdLEAST64 SCNdLEAST8 SCNdMAX SCNdPTR SCNi16 SCNi32 SCNi64 SCNi8"
    " SCNiFAST16 SCNiFAST32 SCNiFAST64 SCNiFAST8 SCNiLEAST16 SCNiLEAST32 SCNiLEAST64 SCNiLEAST8"
    " SCNiMAX SCNiPTR SCNo16 SCNo32 SCNo64 SCNo8 SCNoFAST16 SCNoFAST32 SCNoFAST64 SCNoFAST8"
    " SCNoLEAST16 SCNoLEAST32 SCNoLEAST64 SCNoLEAST8 SCNoMAX SCNoPTR SCNu16 SCNu32 SCNu64 SCNu8"
    " SCNuFAST16 SCNuFAST32 SCNuFAST64 SCNuFAST8 SCNuLEAST16 SCNuLEAST32 SCNuLEAST64 SCNuLEAST8"
    " SCNuMAX SCNuPTR SCNx16 SCNx32 SCNx64 SCNx8 SCNxFAST16 SCNxFAST32 SCNxFAST64 SCNxFAST8"
    " SCNxLEAST16 SCNxLEAST32 SCNxLEAST64 SCNxLEAST8 SCNxMAX SCNxPTR SEEK_CUR SEEK_END SEEK_SET"
    " SEM_VALUE_MAX SHRT_MAX SHRT_MIN SIG_ATOMIC_MAX SIG_ATOMIC_MIN SIZE_MAX SSIZE_MAX S_IRGRP"
    " S_IROTH S_IRUSR S_IRWXG S_IRWXO S_IRWXU S_ISBLK S_ISCHR S_ISDIR S_ISFIFO S_ISGID S_ISLNK"
    " S_ISREG S_ISSOCK S_ISUID S_IWGRP S_IWOTH S_IWUSR S_IXGRP S_IXOTH S_IXUSR S_TYPEISMQ"
    " S_TYPEISSEM S_TYPEISSHM TMP_MAX TTY_NAME_MAX UCHAR_MAX UINT16_C UINT16_MAX UINT32_C"
    " UINT32_MAX UINT64_C UINT64_MAX UINT8_C UINT8_MAX UINTMAX_C UINTMAX_MAX UINTPTR_MAX"
    " UINT_FAST16_MAX UINT_FAST32_MAX UINT_FAST64_MAX UINT_FAST8_MAX UINT_LEAST16_MAX"
    " UINT_LEAST32_MAX UINT_LEAST64_MAX UINT_LEAST8_MAX UINT_MAX ULLONG_MAX ULONG_MAX USHRT_MAX"
    " UTIME_NOW UTIME_OMIT WCHAR_MAX WCHAR_MIN WCONTINUED WEXITED WEXITSTATUS WIFCONTINUED"
    " WIFEXITED WIFSIGNALED WIFSTOPPED WINT_MAX WINT_MIN WNOHANG WNOWAIT WSTOPPED WSTOPSIG"
    " WTERMSIG WUNTRACED XATTR_LIST_MAX XATTR_NAME_MAX XATTR_SIZE_MAX abort abs acos acosf acosh"
    " acoshf acoshl acosl alignas aligned_alloc alignof and and_eq asin asinf asinh asinhf"
    " asinhl asinl asm assert at_quick_exit atan atan2 atan2f atan2l atanf atanh atanhf atanhl"
    " atanl atexit atof atoi atol atoll atomicAdd atomicAnd atomicCAS atomicDec atomicExch"
    " atomicInc atomicMax atomicMin atomicOr atomicSub atomicXor auto bitand bitor blkcnt_t"
    " blksize_t blockDim blockIdx bool break bsearch calloc case catch cbrt cbrtf cbrtl ceil"
    " ceilf ceill char char16_t char32_t char8_t chmod class clearerr clock64 co_await co_return"
    " co_yield compl concept const const_cast consteval constexpr constinit continue copysign"
    " copysignf copysignl cos cosf cosh coshf coshl cosl cospi cospif ctermid decltype default"
    " delete dev_t dim3 div div_t do double double_t dprintf dynamic_cast else enum erf erfc"
    " erfcf erfcinv erfcinvf erfcl erfcx erfcxf erff erfinv erfinvf erfl exit exp exp10 exp10f"
    " exp2 exp2f exp2l expf expl explicit expm1 expm1f expm1l export extern fabs fabsf fabsl"
    " false fchmod fchmodat fclose fdim fdimf fdiml fdivide fdividef fdopen feof ferror fflush"
    " fgetc fgetpos fgets fileno float float_t flockfile floor floorf floorl fma fmaf fmal fmax"
    " fmaxf fmaxl fmemopen fmin fminf fminl fmod fmodf fmodl fopen for fpclassify fpos_t fprintf"
    " fputc fputs fread free freopen frexp frexpf frexpl friend fscanf fseek fseeko fsetpos"
    " fstat fstatat ftell ftello ftrylockfile funlockfile futimens fwrite gamma getc"
    " getc_unlocked getchar getchar_unlocked getdelim getenv getline getsubopt gid_t goto"
    " gridDim hypot hypotf hypotl if ilogb ilogbf ilogbl imaxabs imaxdiv imaxdiv_t index inline"
    " ino_t int int16_t int32_t int64_t int8_t int_fast16_t int_fast32_t int_fast64_t"
    " int_fast8_t int_least16_t int_least32_t int_least64_t int_least8_t intmax_t intptr_t"
    " isfinite isgreater isgreaterequal isinf isless islessequal islessgreater isnan isnormal"
    " isunordered j0 j1 jn labs ldexp ldexpf ldexpl ldiv ldiv_t lgamma lgammaf lgammal linux"
    " llabs lldiv lldiv_t llmax llmin llrint llrintf llrintl llround llroundf llroundl locale_t"
    " log log10 log10f log10l log1p log1pf log1pl log2 log2f log2l logb logbf logbl logf logl"
    " long lrint lrintf lrintl lround lroundf lroundl lstat main malloc math_errhandling max"
    " max_align_t mblen mbstowcs mbtowc memchr memcmp memcpy memmove memset min mkdir mkdirat"
    " mkdtemp mkfifo mkfifoat mkstemp mode_t modf modff modfl mutable namespace nan nanf nanl"
    " nearbyint nearbyintf nearbyintl new nextafter nextafterf nextafterl nexttoward nexttowardf"
    " nexttowardl nlink_t noexcept norm norm3d norm3df norm4d norm4df normcdf normcdff"
    " normcdfinv normcdfinvf normf not not_eq nullptr off_t omp omp_aligned_alloc"
    " omp_aligned_calloc omp_alloc omp_allocator_handle_t omp_alloctrait_key_t"
    " omp_alloctrait_value_t omp_calloc omp_capture_affinity omp_destroy_allocator"
    " omp_destroy_lock omp_destroy_nest_lock omp_display_affinity omp_display_env"
    " omp_event_handle_t omp_free omp_fulfill_event omp_get_active_level omp_get_affinity_format"
    " omp_get_ancestor_thread_num omp_get_cancellation omp_get_default_allocator"
    " omp_get_default_device omp_get_device_num omp_get_dynamic omp_get_initial_device"
    " omp_get_level omp_get_max_active_levels omp_get_max_task_priority omp_get_max_teams"
    " omp_get_max_threads omp_get_nested omp_get_num_devices omp_get_num_places"
    " omp_get_num_procs omp_get_num_teams omp_get_num_threads omp_get_partition_num_places"
    " omp_get_partition_place_nums omp_get_place_num omp_get_place_num_procs"
    " omp_get_place_proc_ids omp_get_proc_bind omp_get_schedule omp_get_supported_active_levels"
    " omp_get_team_num omp_get_team_size omp_get_teams_thread_limit omp_get_thread_limit"
    " omp_get_thread_num omp_get_wtick omp_get_wtime omp_in_final omp_in_parallel"
    " omp_init_allocator omp_init_lock omp_init_lock_with_hint omp_init_nest_lock"
    " omp_init_nest_lock_with_hint omp_is_initial_device omp_lock_hint_t omp_lock_t"
    " omp_memspace_handle_t omp_nest_lock_t omp_pause_resource omp_pause_resource_all"
    " omp_pause_resource_t omp_proc_bind_t omp_realloc omp_sched_t omp_set_affinity_format"
    " omp_set_default_allocator omp_set_default_device omp_set_dynamic omp_set_lock"
    " omp_set_max_active_levels omp_set_nest_lock omp_set_nested omp_set_num_teams"
    " omp_set_num_threads omp_set_schedule omp_set_teams_thread_limit omp_sync_hint_t"
    " omp_target_alloc omp_target_associate_ptr omp_target_disassociate_ptr omp_target_free"
    " omp_target_is_present omp_target_memcpy omp_target_memcpy_rect omp_test_lock"
    " omp_test_nest_lock omp_uintptr_t omp_unset_lock omp_unset_nest_lock open_memstream"
    " operator or or_eq pclose perror popen posix_memalign pow powf powl printf private"
    " protected ptrdiff_t public putc putc_unlocked putchar putchar_unlocked puts qsort"
    " quick_exit rand rand_r rcbrt rcbrtf realloc register reinterpret_cast remainder remainderf"
    " remainderl remove remquo remquof remquol rename renameat requires restrict return rewind"
    " rhypot rhypotf rint rintf rintl rnorm rnormf round roundf roundl rsqrt rsqrtf saturate"
    " scalbln scalblnf scalblnl scalbn scalbnf scalbnl scanf setbuf setenv setvbuf short signbit"
    " signed sin sincospi sincospif sinf sinh sinhf sinhl sinl sinpi sinpif size_t sizeof"
    " snprintf sprintf sqrt sqrtf sqrtl srand sscanf ssize_t st_atime st_ctime st_mtime stat"
    " static static_assert static_cast std stderr stdin stdout stpcpy stpncpy strcat strchr"
    " strcmp strcoll strcoll_l strcpy strcspn strdup strerror strerror_l strerror_r strlen"
    " strncat strncmp strncpy strndup strnlen strpbrk strrchr strsignal strspn strstr strtod"
    " strtof strtoimax strtok strtok_r strtol strtold strtoll strtoul strtoull strtoumax struct"
    " strxfrm strxfrm_l switch system tan tanf tanh tanhf tanhl tanl template tgamma tgammaf"
    " tgammal this threadIdx thread_local throw time time_t tmpfile tmpnam true trunc truncf"
    " truncl try typedef typeid typename typeof typeof_unqual uid_t uint16_t uint32_t uint64_t"
    " uint8_t uint_fast16_t uint_fast32_t uint_fast64_t uint_fast8_t uint_least16_t"
    " uint_least32_t uint_least64_t uint_least8_t uintmax_t uintptr_t ullmax ullmin umask umax"
    " umin ungetc union unix unsetenv unsigned using utimensat va_list vdprintf vfprintf vfscanf"
    " virtual void volatile vprintf vscanf vsnprintf vsprintf vsscanf warpSize wchar_t wcstoimax"
    " wcstombs wcstoumax wctomb while xor xor_eq y0 y1 yn"
    " errno ";

/* Prefixes of the runtime's and the generated code's own names. */
static const char *const prefixes[] = {"gm_", "gmrt_", "gmcu_", "GMRT_", "GMCU_", "GMC_", "omp_",
                                       "cuda", "cub", "curand", "make_"};

/* CUDA's vector types: char1 .. ulonglong4, float1 .. double4. */
static bool is_vector_type(const char *s, size_t n)
{
    static const char *const bases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long",
                                        "ulong", "longlong", "ulonglong", "float", "double"};
    if (n < 2 || s[n - 1] < '1' || s[n - 1] > '4')
        return false;
    for (size_t i = 0; i < sizeof bases / sizeof *bases; i++)
        if (strlen(bases[i]) == n - 1 && strncmp(bases[i], s, n - 1) == 0)
            return true;
    return false;
}

bool cg_ident_reserved(const char *name)
{
    size_t n = strlen(name);
    while (n > 0 && name[n - 1] == '_')
        n--;
    if (n == 0)
        return false;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    if (is_vector_type(name, n))
        return true;
    for (const char *p = words; p; p = strchr(p + 1, ' ')) {
        /* p points at the space before a word */
        if (strncmp(p + 1, name, n) == 0 && p[1 + n] == ' ')
            return true;
    }
    return false;
}

char *cg_ident_name(const char *name)
{
    size_t n = strlen(name);
    bool r = cg_ident_reserved(name);
    char *s = malloc(n + 2);
    if (!s)
        abort();
    memcpy(s, name, n);
    if (r)
        s[n++] = '_';
    s[n] = '\0';
    return s;
}

char *cg_ident_guard(const char *base)
{
    static const char pre[] = "GMC_GENERATED_", post[] = "_H";
    size_t n = strlen(base);
    char *s = malloc(sizeof pre + n + sizeof post);
    if (!s)
        abort();
    strcpy(s, pre);
    char *d = s + strlen(pre);
    for (size_t i = 0; i < n; i++)
        *d++ = isalnum((unsigned char)base[i]) || base[i] == '_' ? base[i] : '_';
    strcpy(d, post);
    return s;
}

char *cg_ident_text(const char *s)
{
    size_t n = strlen(s);
    char *t = malloc(n + 1);
    if (!t)
        abort();
    for (size_t i = 0; i <= n; i++) {
        unsigned char c = (unsigned char)s[i];
        bool bad = c == '"' || c == '\\' || (c != '\0' && (c < 0x20 || c == 0x7f)) ||
                   (c == '*' && s[i + 1] == '/') || (c == '/' && s[i + 1] == '*');
        t[i] = bad ? '_' : (char)c;
    }
    return t;
}
