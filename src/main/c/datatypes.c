/* Datatypes. */
#include <stdlib.h>
#include "internal.h"

int natmpj_type_size(natmpj_handle type, int *size) { return MPI_Type_size(TYPE(type), size); }

/* Takes the new type by address: read only after the constructor has run and succeeded. */
static int export_type(int rc, const MPI_Datatype *type, natmpj_handle *out_handle)
{
    if (rc == MPI_SUCCESS) *out_handle = (natmpj_handle)*type;
    return rc;
}

int natmpj_type_contiguous(int count, natmpj_handle oldtype, natmpj_handle *out_handle)
{
    MPI_Datatype t;
    return export_type(MPI_Type_contiguous(count, TYPE(oldtype), &t), &t, out_handle);
}

int natmpj_type_vector(int count, int blocklength, int stride, natmpj_handle oldtype, natmpj_handle *out_handle)
{
    MPI_Datatype t;
    return export_type(MPI_Type_vector(count, blocklength, stride, TYPE(oldtype), &t), &t, out_handle);
}

int natmpj_type_hvector(int count, int blocklength, int64_t stride_bytes, natmpj_handle oldtype,
                        natmpj_handle *out_handle)
{
    MPI_Datatype t;
    return export_type(MPI_Type_create_hvector(count, blocklength, (MPI_Aint)stride_bytes, TYPE(oldtype), &t), &t,
                       out_handle);
}

int natmpj_type_indexed(int count, const int *in_ints, const int *in_ints2, natmpj_handle oldtype,
                        natmpj_handle *out_handle)
{
    MPI_Datatype t;
    return export_type(MPI_Type_indexed(count, in_ints, in_ints2, TYPE(oldtype), &t), &t, out_handle);
}

/* MPI_Aint may be narrower than int64_t in principle: copy rather than cast the array. */
static MPI_Aint *aints(int count, const int64_t *values)
{
    MPI_Aint *a = malloc((count > 0 ? (size_t)count : 1) * sizeof(MPI_Aint));
    if (a) for (int i = 0; i < count; i++) a[i] = (MPI_Aint)values[i];
    return a;
}

int natmpj_type_hindexed(int count, const int *in_ints, const int64_t *in_longs, natmpj_handle oldtype,
                         natmpj_handle *out_handle)
{
    MPI_Aint *displacements = aints(count, in_longs);
    if (!displacements) return MPI_ERR_NO_MEM;
    MPI_Datatype t;
    int rc = MPI_Type_create_hindexed(count, in_ints, displacements, TYPE(oldtype), &t);
    free(displacements);
    return export_type(rc, &t, out_handle);
}

int natmpj_type_struct(int count, const int *in_ints, const int64_t *in_longs, const natmpj_handle *in_handles,
                       natmpj_handle *out_handle)
{
    MPI_Aint *displacements = aints(count, in_longs);
    MPI_Datatype *types = malloc((count > 0 ? (size_t)count : 1) * sizeof(MPI_Datatype));
    int rc = MPI_ERR_NO_MEM;
    if (displacements && types) {
        for (int i = 0; i < count; i++) types[i] = TYPE(in_handles[i]);
        MPI_Datatype t;
        rc = export_type(MPI_Type_create_struct(count, in_ints, displacements, types, &t), &t, out_handle);
    }
    free(displacements);
    free(types);
    return rc;
}

int natmpj_type_resized(natmpj_handle oldtype, int64_t lb, int64_t extent, natmpj_handle *out_handle)
{
    MPI_Datatype t;
    return export_type(MPI_Type_create_resized(TYPE(oldtype), (MPI_Aint)lb, (MPI_Aint)extent, &t), &t, out_handle);
}

int natmpj_type_commit(natmpj_handle type)
{
    MPI_Datatype t = TYPE(type);
    return MPI_Type_commit(&t);
}

int natmpj_type_free(natmpj_handle type)
{
    MPI_Datatype t = TYPE(type);
    return MPI_Type_free(&t);
}

int natmpj_type_shape(natmpj_handle type, int64_t *out_longs)
{
    MPI_Count lb, extent, true_lb, true_extent, size;
    int rc = MPI_Type_get_extent_x(TYPE(type), &lb, &extent);
    if (rc == MPI_SUCCESS) rc = MPI_Type_get_true_extent_x(TYPE(type), &true_lb, &true_extent);
    if (rc == MPI_SUCCESS) rc = MPI_Type_size_x(TYPE(type), &size);
    if (rc != MPI_SUCCESS) return rc;
    out_longs[0] = (int64_t)lb;
    out_longs[1] = (int64_t)extent;
    out_longs[2] = (int64_t)true_lb;
    out_longs[3] = (int64_t)true_extent;
    out_longs[4] = (int64_t)size;
    return MPI_SUCCESS;
}
