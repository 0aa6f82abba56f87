/*
 * Datatypes: sizes, derived-type constructors, the shape Java caches, and Pack/Unpack between a typed buffer and
 * bytes. Constructors hand out the new type only when MPI made it.
 */
#include <stdlib.h>
#include "internal.h"
#include "datatypes.h"

int natmpj_type_size(natmpj_handle type, int *size) { return MPI_Type_size(TYPE(type), size); }

/* Takes the new type by address: read only after the constructor has run and succeeded. */
static int export_type(int rc, const MPI_Datatype *type, natmpj_handle *new_type)
{
    if (rc == MPI_SUCCESS) *new_type = (natmpj_handle)*type;
    return rc;
}

int natmpj_type_contiguous(int count, natmpj_handle oldtype, natmpj_handle *new_type)
{
    MPI_Datatype t;
    return export_type(MPI_Type_contiguous(count, TYPE(oldtype), &t), &t, new_type);
}

int natmpj_type_vector(int count, int blocklength, int stride, natmpj_handle oldtype, natmpj_handle *new_type)
{
    MPI_Datatype t;
    return export_type(MPI_Type_vector(count, blocklength, stride, TYPE(oldtype), &t), &t, new_type);
}

int natmpj_type_hvector(int count, int blocklength, int64_t stride_bytes, natmpj_handle oldtype,
                        natmpj_handle *new_type)
{
    MPI_Datatype t;
    return export_type(MPI_Type_create_hvector(count, blocklength, (MPI_Aint)stride_bytes, TYPE(oldtype), &t), &t,
                       new_type);
}

int natmpj_type_indexed(int count, const int *blocklengths, const int *displacements, natmpj_handle oldtype,
                        natmpj_handle *new_type)
{
    MPI_Datatype t;
    return export_type(MPI_Type_indexed(count, blocklengths, displacements, TYPE(oldtype), &t), &t, new_type);
}

/* MPI_Aint may be narrower than int64_t in principle: copy rather than cast the array. */
static MPI_Aint *aints(int count, const int64_t *values)
{
    MPI_Aint *a = malloc((count > 0 ? (size_t)count : 1) * sizeof(MPI_Aint));
    if (a) for (int i = 0; i < count; i++) a[i] = (MPI_Aint)values[i];
    return a;
}

int natmpj_type_hindexed(int count, const int *blocklengths, const int64_t *displacements, natmpj_handle oldtype,
                         natmpj_handle *new_type)
{
    MPI_Aint *aint_displacements = aints(count, displacements);
    if (!aint_displacements) return MPI_ERR_NO_MEM;
    MPI_Datatype t;
    int rc = MPI_Type_create_hindexed(count, blocklengths, aint_displacements, TYPE(oldtype), &t);
    free(aint_displacements);
    return export_type(rc, &t, new_type);
}

int natmpj_type_struct(int count, const int *blocklengths, const int64_t *displacements, const natmpj_handle *types,
                       natmpj_handle *new_type)
{
    MPI_Aint *aint_displacements = aints(count, displacements);
    MPI_Datatype *mpi_types = malloc((count > 0 ? (size_t)count : 1) * sizeof(MPI_Datatype));
    int rc = MPI_ERR_NO_MEM;
    if (aint_displacements && mpi_types) {
        for (int i = 0; i < count; i++) mpi_types[i] = TYPE(types[i]);
        MPI_Datatype t;
        rc = export_type(MPI_Type_create_struct(count, blocklengths, aint_displacements, mpi_types, &t), &t,
                         new_type);
    }
    free(aint_displacements);
    free(mpi_types);
    return rc;
}

int natmpj_type_resized(natmpj_handle oldtype, int64_t lb, int64_t extent, natmpj_handle *new_type)
{
    MPI_Datatype t;
    return export_type(MPI_Type_create_resized(TYPE(oldtype), (MPI_Aint)lb, (MPI_Aint)extent, &t), &t, new_type);
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

int natmpj_type_shape(natmpj_handle type, int64_t *shape)
{
    MPI_Count lb, extent, true_lb, true_extent, size;
    int rc = MPI_Type_get_extent_x(TYPE(type), &lb, &extent);
    if (rc == MPI_SUCCESS) rc = MPI_Type_get_true_extent_x(TYPE(type), &true_lb, &true_extent);
    if (rc == MPI_SUCCESS) rc = MPI_Type_size_x(TYPE(type), &size);
    if (rc != MPI_SUCCESS) return rc;
    shape[0] = (int64_t)lb;
    shape[1] = (int64_t)extent;
    shape[2] = (int64_t)true_lb;
    shape[3] = (int64_t)true_extent;
    shape[4] = (int64_t)size;
    return MPI_SUCCESS;
}

int natmpj_pack(void *sarray, void *sdirect, int64_t soff, int count, natmpj_handle type,
                void *rarray, void *rdirect, int outsize, int position, natmpj_handle comm, int *new_position) {
    void *in = BUF(sarray, sdirect, soff), *out = BUF(rarray, rdirect, 0);
    NEED_BUFFER(in, count, type);
    NEED_BYTES(out, outsize);
    *new_position = position;
    return MPI_Pack(in, count, TYPE(type), out, outsize, new_position, COMM(comm));
}

int natmpj_unpack(void *sarray, void *sdirect, int insize, int position,
                  void *rarray, void *rdirect, int64_t roff, int count, natmpj_handle type, natmpj_handle comm,
                  int *new_position) {
    void *in = BUF(sarray, sdirect, 0), *out = BUF(rarray, rdirect, roff);
    NEED_BYTES(in, insize);
    NEED_BUFFER(out, count, type);
    *new_position = position;
    return MPI_Unpack(in, insize, new_position, out, count, TYPE(type), COMM(comm));
}

int natmpj_pack_size(int count, natmpj_handle type, natmpj_handle comm, int *size) {
    return MPI_Pack_size(count, TYPE(type), COMM(comm), size);
}

int natmpj_type_dup(natmpj_handle type, natmpj_handle *new_type) {
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int rc = MPI_Type_dup(TYPE(type), &t);
    *new_type = (natmpj_handle)t;
    return rc;
}
