package com.scalesense.agent.publish.internal;

/** MQTT 3.1.1 §4.7 topic filter matching ({@code +} one level, {@code #} the rest), for dispatch. */
final class TopicFilter {

    private TopicFilter() {
    }

    static boolean matches(String filter, String topic) {
        String[] f = filter.split("/", -1);
        String[] t = topic.split("/", -1);
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("#")) {
                return true;
            }
            if (i >= t.length || !(f[i].equals("+") || f[i].equals(t[i]))) {
                return false;
            }
        }
        return f.length == t.length;
    }
}
