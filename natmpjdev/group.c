/*
 * mpjdev.natmpjdev.Group (14 natives). Instance natives act on this Group's handleOfGroup; 0 is "no group".
 * Ranks come back in MPJ Express's codes (MPI_UNDEFINED -> -1).
 */
#include <stdlib.h>
#include "natmpjdev.h"

#define GROUP_NATIVE(ret, name) JNIEXPORT ret JNICALL Java_mpjdev_natmpjdev_Group_##name

static jlong this_group(JNIEnv *env, jobject self) { return (*env)->GetLongField(env, self, ndev.group_handle); }

GROUP_NATIVE(void, init)(JNIEnv *env, jclass cls) {
    ndev.group_handle = (*env)->GetFieldID(env, cls, "handleOfGroup", "J");
}

GROUP_NATIVE(void, GetGroup)(JNIEnv *env, jobject self, jint which) {
    MPI_Group g = MPI_GROUP_NULL;
    switch (which) {
    case 1: if (ndev_check(env, MPI_Comm_group(MPI_COMM_SELF, &g), "Group: MPI_Comm_group(SELF)")) return; break;
    case 2: if (ndev_check(env, MPI_Comm_group(MPI_COMM_WORLD, &g), "Group: MPI_Comm_group(WORLD)")) return; break;
    case 3: g = MPI_GROUP_EMPTY; break;
    default: ndev_throw(env, "Group.GetGroup: unknown predefined group %d (2 world, 3 empty)", which); return;
    }
    (*env)->SetLongField(env, self, ndev.group_handle, ndev_group_handle(g));
}

GROUP_NATIVE(void, nativeFree)(JNIEnv *env, jobject self) {
    jlong h = this_group(env, self);
    if (h == 0 || h == -1) return;
    MPI_Group g = GROUP((intptr_t)h);
    if (g != MPI_GROUP_EMPTY && ndev_check(env, MPI_Group_free(&g), "Group.free: MPI_Group_free")) return;
    (*env)->SetLongField(env, self, ndev.group_handle, 0);
}

GROUP_NATIVE(jint, nativeSize)(JNIEnv *env, jobject self) {
    jlong h = this_group(env, self);
    int n = 0;
    if (h == 0 || h == -1) return 0;
    ndev_check(env, MPI_Group_size(GROUP((intptr_t)h), &n), "Group.size: MPI_Group_size");
    return n;
}

GROUP_NATIVE(jint, nativeRank)(JNIEnv *env, jobject self) {
    jlong h = this_group(env, self);
    int r = MPI_UNDEFINED;
    if (h == 0 || h == -1) return MPJ_UNDEFINED;
    if (ndev_check(env, MPI_Group_rank(GROUP((intptr_t)h), &r), "Group.rank: MPI_Group_rank")) return MPJ_UNDEFINED;
    return ndev_rank_out(r);
}

/* A Java int[] as a malloc'd C array of at least `need` elements (NULL with an exception pending on failure). */
static int *ints(JNIEnv *env, jintArray a, jsize need, const char *what, jsize *len) {
    if (!a) return ndev_throw(env, "%s: the array is null", what), NULL;
    *len = (*env)->GetArrayLength(env, a);
    if (*len < need) return ndev_throw(env, "%s: %d elements < %d needed", what, (int)*len, (int)need), NULL;
    int *out = malloc(sizeof(int) * (size_t)(*len ? *len : 1));
    if (!out) return ndev_throw(env, "%s: out of memory", what), NULL;
    (*env)->GetIntArrayRegion(env, a, 0, *len, (jint *)out);
    return out;
}

static jlong incl_excl(JNIEnv *env, jobject self, jintArray ranks, int incl) {
    const char *what = incl ? "Group.incl" : "Group.excl";
    MPI_Group g, out = MPI_GROUP_NULL;
    jsize n;
    if (ndev_group(env, this_group(env, self), what, &g)) return 0;
    int *r = ints(env, ranks, 0, what, &n);
    if (!r) return 0;
    int rc = incl ? MPI_Group_incl(g, n, r, &out) : MPI_Group_excl(g, n, r, &out);
    free(r);
    if (ndev_check(env, rc, what)) return 0;
    return ndev_group_handle(out);
}

GROUP_NATIVE(jlong, nativeIncl)(JNIEnv *env, jobject self, jintArray ranks) { return incl_excl(env, self, ranks, 1); }
GROUP_NATIVE(jlong, nativeExcl)(JNIEnv *env, jobject self, jintArray ranks) { return incl_excl(env, self, ranks, 0); }

/*
 * n triples (first, last, stride) in a flat int[3n], expanded here to a list of ranks for MPI_Group_incl/excl.
 * MPI (MPI-3.1 6.3.2) requires only that every rank a triplet generates (first, first + stride, ..., first +
 * floor((last - first) / stride) * stride) be a rank of the group, once: last itself need not be one ({5, 8, 2}
 * in a group of 8 gives 5 and 7). Open MPI and MPICH also check last (MPI_ERR_RANK) and treat a stride pointing
 * away from last each their own way; expanding the triplets gives one answer on both, as natmpj's
 * mpi.Group.Range_incl does, and an exception naming the bad triplet. The work is bounded by the group's size
 * (generated ranks must be distinct).
 */
static jlong range(JNIEnv *env, jobject self, jint n, jintArray triples, int incl) {
    const char *what = incl ? "Group.range_incl" : "Group.range_excl";
    MPI_Group g, out = MPI_GROUP_NULL;
    jsize len;
    int size = 0, count = 0, rc;
    if (ndev_group(env, this_group(env, self), what, &g)) return 0;
    if (n < 0 || n > INT32_MAX / 3) return ndev_throw(env, "%s: bad range count %d", what, n), 0;
    if (ndev_check(env, MPI_Group_size(g, &size), what)) return 0;
    int *t = ints(env, triples, 3 * n, what, &len);
    if (!t) return 0;
    int *ranks = malloc(sizeof(int) * (size_t)(size ? size : 1));
    unsigned char *seen = calloc((size_t)(size ? size : 1), 1);
    if (!ranks || !seen) {
        ndev_throw(env, "%s: out of memory", what);
        goto done;
    }
    for (jint i = 0; i < n; i++) {
        long long first = t[3 * i], last = t[3 * i + 1], stride = t[3 * i + 2];
        if (stride == 0) {
            ndev_throw(env, "%s: range %d {%lld, %lld, %lld} has stride 0", what, (int)i, first, last, stride);
            goto done;
        }
        long long diff = last - first, steps = diff / stride; /* floor division: */
        if (diff % stride != 0 && (diff < 0) != (stride < 0)) steps--;
        if (steps < 0) {
            ndev_throw(env, "%s: range %d {%lld, %lld, %lld} selects no rank (the stride points away from last)",
                       what, (int)i, first, last, stride);
            goto done;
        }
        for (long long k = 0; k <= steps; k++) {
            long long r = first + k * stride; /* |k * stride| <= |diff| < 2^33: no overflow */
            if (r < 0 || r >= size) {
                ndev_throw(env, "%s: range %d {%lld, %lld, %lld} generates rank %lld, not a rank of the group "
                           "(size %d)", what, (int)i, first, last, stride, r, size);
                goto done;
            }
            if (seen[r]) {
                ndev_throw(env, "%s: range %d {%lld, %lld, %lld} generates rank %lld, which the ranges already gave",
                           what, (int)i, first, last, stride, r);
                goto done;
            }
            seen[r] = 1;
            ranks[count++] = (int)r;
        }
    }
    rc = incl ? MPI_Group_incl(g, count, ranks, &out) : MPI_Group_excl(g, count, ranks, &out);
    if (!ndev_check(env, rc, incl ? "Group.range_incl: MPI_Group_incl" : "Group.range_excl: MPI_Group_excl")) {
        free(t);
        free(ranks);
        free(seen);
        return ndev_group_handle(out);
    }
done:
    free(t);
    free(ranks);
    free(seen);
    return 0;
}

GROUP_NATIVE(jlong, nativeRangeIncl)(JNIEnv *env, jobject self, jint n, jintArray triples) {
    return range(env, self, n, triples, 1);
}

GROUP_NATIVE(jlong, nativeRangeExcl)(JNIEnv *env, jobject self, jint n, jintArray triples) {
    return range(env, self, n, triples, 0);
}

GROUP_NATIVE(jintArray, nativetransRanks)(JNIEnv *env, jclass cls, jlong h1, jlong h2, jintArray ranks1) {
    MPI_Group g1, g2;
    jsize n;
    if (ndev_group(env, h1, "Group.translate_ranks: group1", &g1) ||
        ndev_group(env, h2, "Group.translate_ranks: group2", &g2))
        return NULL;
    int *in = ints(env, ranks1, 0, "Group.translate_ranks", &n);
    if (!in) return NULL;
    int *out = malloc(sizeof(int) * (size_t)(n ? n : 1));
    if (!out) {
        free(in);
        return ndev_throw(env, "Group.translate_ranks: out of memory"), NULL;
    }
    for (jsize i = 0; i < n; i++)
        if (in[i] == MPJ_PROC_NULL) in[i] = MPI_PROC_NULL;
    int rc = MPI_Group_translate_ranks(g1, n, in, g2, out);
    jintArray result = NULL;
    if (!ndev_check(env, rc, "Group.translate_ranks: MPI_Group_translate_ranks")) {
        for (jsize i = 0; i < n; i++) out[i] = ndev_rank_out(out[i]);
        if ((result = (*env)->NewIntArray(env, n))) (*env)->SetIntArrayRegion(env, result, 0, n, (jint *)out);
    }
    free(in);
    free(out);
    return result;
}

GROUP_NATIVE(jint, nativeCompare)(JNIEnv *env, jclass cls, jlong h1, jlong h2) {
    MPI_Group g1, g2;
    int r = MPI_UNEQUAL;
    if (ndev_group(env, h1, "Group.compare: group1", &g1) || ndev_group(env, h2, "Group.compare: group2", &g2))
        return MPJ_UNEQUAL;
    if (ndev_check(env, MPI_Group_compare(g1, g2, &r), "Group.compare: MPI_Group_compare")) return MPJ_UNEQUAL;
    return ndev_compare_out(r);
}

enum set_op { SET_UNION, SET_INTERSECTION, SET_DIFFERENCE };

static jlong set_operation(JNIEnv *env, jlong h1, jlong h2, enum set_op op) {
    static const char *const names[] = {"Group.union", "Group.intersection", "Group.difference"};
    MPI_Group g1, g2, out = MPI_GROUP_NULL;
    int rc;
    if (ndev_group(env, h1, names[op], &g1) || ndev_group(env, h2, names[op], &g2)) return 0;
    switch (op) {
    case SET_UNION: rc = MPI_Group_union(g1, g2, &out); break;
    case SET_INTERSECTION: rc = MPI_Group_intersection(g1, g2, &out); break;
    default: rc = MPI_Group_difference(g1, g2, &out); break;
    }
    if (ndev_check(env, rc, names[op])) return 0;
    return ndev_group_handle(out);
}

GROUP_NATIVE(jlong, nativeUnion)(JNIEnv *env, jclass cls, jlong h1, jlong h2) {
    return set_operation(env, h1, h2, SET_UNION);
}

GROUP_NATIVE(jlong, nativeIntersection)(JNIEnv *env, jclass cls, jlong h1, jlong h2) {
    return set_operation(env, h1, h2, SET_INTERSECTION);
}

GROUP_NATIVE(jlong, nativeDifference)(JNIEnv *env, jclass cls, jlong h1, jlong h2) {
    return set_operation(env, h1, h2, SET_DIFFERENCE);
}
