// Cifra un valor de la tarjeta (campo1 a campo4) con RSA (PKCS#1 v1.5) y la llave pública, en hexadecimal.
// Uso: LLAVE_PUBLICA_PEM="$(cat llave.pem)" java Cifrado.java 4111111111111111
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;

public class Cifrado {
    public static void main(String[] args) throws Exception {
        String pem = System.getenv().getOrDefault("LLAVE_PUBLICA_PEM", "");
        if (pem.isEmpty() || args.length != 1) throw new IllegalArgumentException("Uso: LLAVE_PUBLICA_PEM=... java Cifrado.java VALOR");
        // El PEM es la llave en base64 (SubjectPublicKeyInfo, X.509) entre sus líneas BEGIN y END.
        byte[] der = Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----|\\s", ""));
        PublicKey llave = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der));
        Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        rsa.init(Cipher.ENCRYPT_MODE, llave);
        // 256 bytes con una llave de 2048 bits: 512 caracteres hexadecimales, distintos en cada ejecución.
        System.out.println(HexFormat.of().formatHex(rsa.doFinal(args[0].getBytes(StandardCharsets.UTF_8))));
    }
}
