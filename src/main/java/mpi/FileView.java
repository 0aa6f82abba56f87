package mpi;

/** A file view, as {@code File.getView()} reports it: displacement, elementary type, file type, data representation. */
public final class FileView {
    private final long disp;
    private final Datatype etype, filetype;
    private final String datarep;

    /** The view of byte displacement {@code disp}, {@code etype}, {@code filetype} and {@code datarep}. */
    public FileView(long disp, Datatype etype, Datatype filetype, String datarep) {
        this.disp = disp;
        this.etype = etype;
        this.filetype = filetype;
        this.datarep = datarep;
    }

    /** Where the view starts in the file, in bytes. */
    public long getDisp() {
        return disp;
    }

    /** The elementary datatype, the unit of offsets in the view. */
    public Datatype getEType() {
        return etype;
    }

    /** The file type: which parts of the file the view sees. */
    public Datatype getFileType() {
        return filetype;
    }

    /** The data representation ("native", "internal", "external32"). */
    public String getDataRep() {
        return datarep;
    }
}
