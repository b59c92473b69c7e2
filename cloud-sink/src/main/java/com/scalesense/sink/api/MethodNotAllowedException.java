package com.scalesense.sink.api;

import com.scalesense.sink.SinkException;
import java.util.Set;

/** The path exists but not with this method (HTTP 405, {@code Allow} lists the methods it has). */
public class MethodNotAllowedException extends SinkException {

    private static final long serialVersionUID = 1L;

    private final transient Set<String> allowed;

    public MethodNotAllowedException(String method, String path, Set<String> allowed) {
        super(method + " is not allowed on " + path + "; allowed: " + String.join(", ", allowed));
        this.allowed = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(allowed));
    }

    public Set<String> allowed() {
        return allowed;
    }
}
