// Cifra un valor de la tarjeta (campo1 a campo4) con RSA (PKCS#1 v1.5) y la llave pública, en hexadecimal.
// Uso: mcs Cifrado.cs && LLAVE_PUBLICA_PEM="$(cat llave.pem)" mono Cifrado.exe 4111111111111111
using System;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

public static class Cifrado
{
    // La llave pública llega en PEM (SubjectPublicKeyInfo); Mono no la importa, así que se leen módulo y exponente del DER.
    static RSAParameters LeerLlavePublica(string pem)
    {
        byte[] der = Convert.FromBase64String(Regex.Replace(pem, "-----[A-Z ]+-----|\\s", ""));
        int i = 0;
        Largo(der, ref i, 0x30);
        int algoritmo = Largo(der, ref i, 0x30);
        i += algoritmo;
        Largo(der, ref i, 0x03);
        i++; // bits sin usar de la BIT STRING
        Largo(der, ref i, 0x30);
        return new RSAParameters { Modulus = Entero(der, ref i), Exponent = Entero(der, ref i) };
    }

    static int Largo(byte[] der, ref int i, byte etiqueta)
    {
        if (der[i++] != etiqueta) throw new FormatException("LLAVE_PUBLICA_PEM no es una llave pública RSA");
        int largo = der[i++];
        if (largo < 0x80) return largo;
        int bytes = largo & 0x7f;
        largo = 0;
        while (bytes-- > 0) largo = (largo << 8) | der[i++];
        return largo;
    }

    static byte[] Entero(byte[] der, ref int i)
    {
        int largo = Largo(der, ref i, 0x02);
        int inicio = i;
        i += largo;
        while (largo > 1 && der[inicio] == 0) { inicio++; largo--; }
        byte[] valor = new byte[largo];
        Array.Copy(der, inicio, valor, 0, largo);
        return valor;
    }

    public static void Main(string[] args)
    {
        string pem = Environment.GetEnvironmentVariable("LLAVE_PUBLICA_PEM") ?? "";
        if (pem == "" || args.Length != 1) throw new ArgumentException("Uso: LLAVE_PUBLICA_PEM=... mono Cifrado.exe VALOR");
        var rsa = new RSACryptoServiceProvider();
        rsa.ImportParameters(LeerLlavePublica(pem));
        // 256 bytes con una llave de 2048 bits: 512 caracteres hexadecimales, distintos en cada ejecución.
        byte[] cifrado = rsa.Encrypt(Encoding.UTF8.GetBytes(args[0]), false);
        Console.WriteLine(BitConverter.ToString(cifrado).Replace("-", "").ToLowerInvariant());
    }
}
