import java.io.IOException;
import java.nio.file.Path;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/** MapDB 1.0.x as the agent opens it (MapDbOpener): transactions on by default, checksums, no instance cache, no mmap. */
public final class MapDb1 {

    private MapDb1() {
    }

    public static void main(String[] args) throws IOException {
        Workload.run("mapdb-1", Path.of(args[0]), file -> {
            DB db = DBMaker.newFileDB(file.toFile()).checksumEnable().cacheDisable().make();
            return new Workload.Store(db.createHashMap("nvs").keySerializer(Serializer.STRING)
                    .valueSerializer(Serializer.BYTE_ARRAY).<String, byte[]>makeOrGet(), db::commit, db::close);
        });
    }
}
