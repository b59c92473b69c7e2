import java.io.IOException;
import java.nio.file.Path;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/** MapDB 3.x as the agent opened it before issue 18: transactions on, FileChannel, no mmap. */
public final class MapDb3 {

    private MapDb3() {
    }

    public static void main(String[] args) throws IOException {
        Workload.run("mapdb-3", Path.of(args[0]), file -> {
            DB db = DBMaker.fileDB(file.toFile()).transactionEnable().fileChannelEnable().make();
            return new Workload.Store(db.hashMap("nvs", Serializer.STRING, Serializer.BYTE_ARRAY).createOrOpen(),
                    db::commit, db::close);
        });
    }
}
