import java.io.IOException;
import java.nio.file.Path;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/** MapDB 2.0-beta: transactions on by default; FileChannel, no mmap. */
public final class MapDb2 {

    private MapDb2() {
    }

    public static void main(String[] args) throws IOException {
        Workload.run("mapdb-2", Path.of(args[0]), file -> {
            DB db = DBMaker.fileDB(file.toFile()).fileChannelEnable().make();
            return new Workload.Store(db.hashMap("nvs", Serializer.STRING, Serializer.BYTE_ARRAY), db::commit, db::close);
        });
    }
}
