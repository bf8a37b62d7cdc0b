// Receptor de la confirmación (canal POST). Uso: LLAVE_TERMINAL=... PUERTO=8080 java Confirmacion.java
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

public class Confirmacion {
    static final String LLAVE = System.getenv("LLAVE_TERMINAL");
    static final String CAMPO_FIRMA = System.getenv().getOrDefault("CAMPO_FIRMA", "firmaPasarela");

    static Map<String, String> formulario(String cuerpo) {
        Map<String, String> datos = new HashMap<>();
        for (String par : cuerpo.split("&")) {
            String[] nv = par.split("=", 2);
            if (nv.length == 2) datos.putIfAbsent(URLDecoder.decode(nv[0], StandardCharsets.UTF_8), URLDecoder.decode(nv[1], StandardCharsets.UTF_8));
        }
        return datos;
    }

    static boolean firmaValida(Map<String, String> datos) throws Exception {
        String texto = LLAVE + datos.getOrDefault("codigoFactura", "") + datos.getOrDefault("valorFactura", "")
                + datos.getOrDefault("codigoAutorizacion", "");
        byte[] esperada = HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                .digest(texto.getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8);
        byte[] recibida = datos.getOrDefault(CAMPO_FIRMA, "").toLowerCase().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(esperada, recibida);
    }

    static void responder(HttpExchange intercambio, int estado, String texto) throws IOException {
        byte[] cuerpo = texto.getBytes(StandardCharsets.UTF_8);
        intercambio.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        intercambio.sendResponseHeaders(estado, cuerpo.length);
        intercambio.getResponseBody().write(cuerpo);
        intercambio.close();
    }

    public static void main(String[] args) throws Exception {
        if (LLAVE == null) throw new IllegalStateException("Falta la variable de entorno LLAVE_TERMINAL");
        int puerto = Integer.parseInt(System.getenv().getOrDefault("PUERTO", "8080"));
        HttpServer servidor = HttpServer.create(new InetSocketAddress("127.0.0.1", puerto), 0);
        servidor.createContext("/", intercambio -> {
            try {
                if (!intercambio.getRequestMethod().equals("POST")) {
                    responder(intercambio, 405, "");
                    return;
                }
                String cuerpo = new String(intercambio.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                if (!firmaValida(formulario(cuerpo))) {
                    responder(intercambio, 400, "firma no válida\n");
                    return;
                }
                // Firma válida: registre el resultado (transaccionAprobada 1 aprobada, 0 pendiente,
                // -1 rechazada, 2 abortada, 3 reversada) de la factura codigoFactura.
                responder(intercambio, 200, "OK\n");
            } catch (Exception error) {
                responder(intercambio, 500, "");
            }
        });
        servidor.start();
    }
}
